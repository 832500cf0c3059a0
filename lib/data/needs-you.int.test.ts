import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import type { TeamCreateInput } from "@/lib/validation/team";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import { readNeedsYou, readWaiting } from "./needs-you";
import { findRequestSent } from "./request-sent";
import { acceptInvitation, inviteToTeam } from "./team-invitations";
import { createTeam, decide, requestToJoin } from "./team-writes";

// What needs an athlete now (the dashboard's first card, the Teams page's note) and the thread's "Request
// sent" card, read under RLS inside the local stack (npm run test:integration).
const admin = adminSql();
const run = randomUUID().slice(0, 8);
const athletes = {
  cap: { specialty: "cyclist", public: true },
  rita: { specialty: "runner", public: true },
  hidden: { specialty: "swimmer", public: false },
  sam: { specialty: "swimmer", public: true },
  other: { specialty: "runner", public: true },
} as const;
type Name = keyof typeof athletes;
const names = Object.keys(athletes) as Name[];
const auth = Object.fromEntries(names.map((n) => [n, randomUUID()])) as Record<Name, string>;
const profile = {} as Record<Name, string>;
const athlete: Athlete[] = [];
const as = (n: Name): Claims => ({ sub: auth[n], role: "authenticated", email: `${n}@example.test` });
const team = (name: string): TeamCreateInput => ({
  name,
  description: "A relay team that reads what needs its athletes.",
  location: "Noosa Heads",
  max_members: 4,
  requirements: { roles: ["swimmer", "cyclist", "runner"], experience_levels: ["advanced"] },
  training_schedule: { days: ["saturday"], times: ["morning"] },
});
let capTeam = "";
let otherTeam = "";

beforeAll(async () => {
  for (const n of names) {
    const made = await makeAthlete(admin, {
      authId: auth[n],
      email: `${n}-${run}@example.test`,
      name: `${n[0]!.toUpperCase()}${n.slice(1)} Needed`,
      place: "Noosa Heads",
      isPublic: athletes[n].public,
      lookingForTeam: true,
      specialty: athletes[n].specialty,
      experienceLevel: "advanced",
      goals: "Race my leg with a friendly team",
      avatar: false,
    });
    athlete.push(made);
    profile[n] = made.profileId;
  }
  capTeam = (await withRls(as("cap"), (tx) => createTeam(tx, team(`Needs ${run}`)))).id;
  otherTeam = (await withRls(as("other"), (tx) => createTeam(tx, team(`Other ${run}`)))).id;
});

afterAll(async () => {
  await dropAthletes(admin, athlete);
  await admin.end();
  await pool().end();
});

const needs = (n: Name) => withRls(as(n), (tx) => readNeedsYou(tx, auth[n]));

describe("what needs the athlete now", () => {
  it("shows the creator each request to decide (a private requester by name), and the team's open legs", async () => {
    const rita = (await withRls(as("rita"), (tx) => requestToJoin(tx, capTeam, "runner"))).member.id;
    await withRls(as("hidden"), (tx) => requestToJoin(tx, capTeam, "swimmer"));
    const cap = await needs("cap");
    expect(cap.toDecide.map((r) => [r.full_name, r.role])).toEqual([
      ["Rita Needed", "runner"],
      ["Hidden Needed", "swimmer"],
    ]);
    expect(cap.teams).toEqual([
      expect.objectContaining({
        team_id: capTeam,
        own: true,
        open_legs: ["swimmer", "runner"],
        urgent_role: null,
      }),
    ]);
    expect(await withRls(as("cap"), (tx) => readWaiting(tx, auth.cap))).toMatchObject({
      requests: [{ member_id: rita }, {}],
      invitations: [],
    });
    // Nobody else sees them; the requester sees what they sent, and where it stands.
    expect((await needs("other")).toDecide).toEqual([]);
    expect((await needs("rita")).sent).toEqual([
      expect.objectContaining({
        member_id: rita,
        team_name: `Needs ${run}`,
        role: "runner",
        status: "pending",
      }),
    ]);

    await withRls(as("cap"), (tx) => decide(tx, "accept_join_request", rita));
    expect((await needs("cap")).toDecide.map((r) => r.full_name)).toEqual(["Hidden Needed"]);
    expect((await needs("cap")).teams[0]!.open_legs).toEqual(["swimmer"]);
    expect((await needs("rita")).sent).toMatchObject([{ member_id: rita, status: "active" }]);
    // A member sees their team's open legs too, without the creator's "Mark urgent".
    expect((await needs("rita")).teams).toEqual([expect.objectContaining({ team_id: capTeam, own: false })]);
  });

  it("lists an invitation to answer until it is answered; an accepted one is not a request they sent", async () => {
    const { invitation } = await withRls(as("other"), (tx) => inviteToTeam(tx, otherTeam, profile.sam));
    expect((await needs("sam")).invitations).toEqual([
      { id: invitation.id, team_id: otherTeam, team_name: `Other ${run}`, role: "swimmer" },
    ]);
    expect((await withRls(as("sam"), (tx) => readWaiting(tx, auth.sam))).invitations).toEqual([
      { id: invitation.id, team_id: otherTeam },
    ]);
    await withRls(as("sam"), (tx) => acceptInvitation(tx, invitation.id));
    const sam = await needs("sam");
    expect(sam.invitations).toEqual([]);
    expect(sam.sent).toEqual([]);
  });
});

describe("the thread's Request sent card", () => {
  it("is the requester's newest request to the other participant's team, in their conversation only", async () => {
    const joined = await withRls(
      as("hidden"),
      async (tx) =>
        tx<{ c: string }[]>`select c.id as c from public.conversations c
        where ${profile.hidden} in (c.participant_one_id, c.participant_two_id)
          and ${profile.cap} in (c.participant_one_id, c.participant_two_id)`,
    );
    const conversation = joined[0]!.c;
    expect(await withRls(as("hidden"), (tx) => findRequestSent(tx, conversation))).toMatchObject({
      team_id: capTeam,
      role: "swimmer",
      status: "pending",
      decision_emails: true,
    });
    // The creator reading the same thread sent no request; a stranger reads nothing of it.
    expect(await withRls(as("cap"), (tx) => findRequestSent(tx, conversation))).toBeNull();
    expect(await withRls(as("other"), (tx) => findRequestSent(tx, conversation))).toBeNull();

    await admin`insert into public.notification_settings (profile_id, decisions) values (${profile.hidden}, false)
                on conflict (profile_id) do update set decisions = false`;
    const [member] = await admin`select id from public.team_members
                                 where team_id = ${capTeam} and profile_id = ${profile.hidden}`;
    await withRls(as("cap"), (tx) => decide(tx, "decline_join_request", member!.id as string));
    expect(await withRls(as("hidden"), (tx) => findRequestSent(tx, conversation))).toMatchObject({
      status: "declined",
      decision_emails: false,
    });
  });
});

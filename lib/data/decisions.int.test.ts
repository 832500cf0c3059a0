import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import type { TeamCreateInput } from "@/lib/validation/team";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import { readInvitation, readJoinRequest } from "./decisions";
import { declineInvitation, inviteToTeam } from "./team-invitations";
import { createTeam, decide, leaveTeam, requestToJoin } from "./team-writes";

// What a decision link shows, and to whom (public.join_request_view, public.team_invitation_view), inside
// the local stack (npm run test:integration): real Postgres, migrations, RLS.
const admin = adminSql();
const run = randomUUID().slice(0, 8);
const athletes = {
  owner: { specialty: "cyclist", public: true },
  rita: { specialty: "runner", public: true },
  hidden: { specialty: "runner", public: false },
  sam: { specialty: "swimmer", public: true },
  stranger: { specialty: "swimmer", public: true },
  gone: { specialty: "cyclist", public: true },
} as const;
type Name = keyof typeof athletes;
const names = Object.keys(athletes) as Name[];
const auth = Object.fromEntries(names.map((n) => [n, randomUUID()])) as Record<Name, string>;
const profile = {} as Record<Name, string>;
const athlete: Athlete[] = [];
const as = (n: Name): Claims => ({ sub: auth[n], role: "authenticated", email: `${n}@example.test` });

const team = (name: string): TeamCreateInput => ({
  name,
  description: "A relay team whose decisions are read from their links.",
  location: "Noosa Heads",
  max_members: 4,
  requirements: { roles: ["swimmer", "cyclist", "runner"], experience_levels: ["advanced"] },
  training_schedule: { days: ["saturday"], times: ["morning"] },
});

let teamId = "";
let goneTeamId = "";

beforeAll(async () => {
  for (const n of names) {
    const a = athletes[n];
    const made = await makeAthlete(admin, {
      authId: auth[n],
      email: `${n}-${run}@example.test`,
      name: `${n[0]!.toUpperCase()}${n.slice(1)} Decider`,
      place: "Noosa Heads",
      isPublic: a.public,
      lookingForTeam: true,
      specialty: a.specialty,
      experienceLevel: "advanced",
      goals: `Race the ${a.specialty} leg fast`,
      avatar: false,
    });
    athlete.push(made);
    profile[n] = made.profileId;
  }
  teamId = (await withRls(as("owner"), (tx) => createTeam(tx, team(`Decide ${run}`)))).id;
  goneTeamId = (await withRls(as("gone"), (tx) => createTeam(tx, team(`Gone ${run}`)))).id;
});

afterAll(async () => {
  await dropAthletes(admin, athlete);
  await admin.end();
  await pool().end();
});

const request = (n: Name, role: "swimmer" | "runner") =>
  withRls(as(n), (tx) => requestToJoin(tx, teamId, role)).then((r) => r.member.id);
const view = (n: Name, team: string, member: string) =>
  withRls(as(n), (tx) => readJoinRequest(tx, team, member));

describe("a join request's page", () => {
  it("shows the creator a pending request with the requester's details, private profile included", async () => {
    const member = await request("hidden", "runner");
    expect(await view("owner", teamId, member)).toMatchObject({
      state: "ok",
      viewer: "creator",
      team_name: `Decide ${run}`,
      role: "runner",
      member_status: "pending",
      requester_name: "Hidden Decider",
      requester_public: false,
      was_accepted: false,
    });
    // The requester sees their own; anyone else, and the wrong team in the path, see nothing of it.
    expect(await view("hidden", teamId, member)).toMatchObject({ state: "ok", viewer: "requester" });
    expect(await view("stranger", teamId, member)).toEqual(expect.objectContaining({ state: "not_found" }));
    expect(await view("stranger", teamId, member)).toMatchObject({ requester_name: null, team_name: null });
    expect(await view("owner", goneTeamId, member)).toMatchObject({ state: "not_found" });
    await withRls(as("owner"), (tx) => decide(tx, "decline_join_request", member));
    expect(await view("owner", teamId, member)).toMatchObject({ member_status: "declined" });
    expect(await view("hidden", teamId, member)).toMatchObject({ member_status: "declined" });
  });

  it("tells a withdrawn request from a member who was accepted and then left", async () => {
    const member = await request("rita", "runner");
    await withRls(as("rita"), (tx) => leaveTeam(tx, teamId));
    expect(await view("owner", teamId, member)).toMatchObject({ member_status: "left", was_accepted: false });

    const again = await request("rita", "runner");
    await withRls(as("owner"), (tx) => decide(tx, "accept_join_request", again));
    expect(await view("rita", teamId, again)).toMatchObject({ member_status: "active", was_accepted: true });
    await withRls(as("rita"), (tx) => leaveTeam(tx, teamId));
    expect(await view("owner", teamId, again)).toMatchObject({ member_status: "left", was_accepted: true });
  });

  it("never treats the creator's own membership as a request", async () => {
    const [own] = await admin`
      select id from public.team_members where team_id = ${teamId} and profile_id = ${profile.owner}`;
    expect(await view("owner", teamId, own!.id as string)).toMatchObject({ state: "not_found" });
  });

  it("says the team is gone when it was deleted, and refuses visitors and malformed ids", async () => {
    const member = await withRls(as("sam"), (tx) => requestToJoin(tx, goneTeamId, "swimmer")).then(
      (r) => r.member.id,
    );
    await admin`delete from public.teams where id = ${goneTeamId}`;
    expect(await view("gone", goneTeamId, member)).toEqual({ ...nulls(), state: "team_gone" });
    expect(await view("sam", goneTeamId, member)).toMatchObject({ state: "team_gone" });
    expect(await view("sam", "not-a-uuid", member)).toEqual({ state: "not_found" });
    await expect(
      withRls(null, (tx) => tx`select * from public.join_request_view(${teamId}, ${member})`),
    ).rejects.toThrow(/permission denied/);
  });
});

describe("an invitation's page", () => {
  it("shows the invitee and the creator where it stands, nobody else", async () => {
    const { invitation } = await withRls(as("owner"), (tx) => inviteToTeam(tx, teamId, profile.sam));
    const read = (n: Name) => withRls(as(n), (tx) => readInvitation(tx, teamId, invitation.id));
    expect(await read("sam")).toMatchObject({
      state: "ok",
      viewer: "invitee",
      role: "swimmer",
      invitation_status: "pending",
      team_status: "open",
      location: "Noosa Heads",
    });
    expect(await read("owner")).toMatchObject({ viewer: "creator", invitee_name: "Sam Decider" });
    expect(await read("stranger")).toMatchObject({ state: "not_found", team_name: null });
    await withRls(as("sam"), (tx) => declineInvitation(tx, invitation.id));
    expect(await read("sam")).toMatchObject({ invitation_status: "declined" });
  });
});

function nulls() {
  return {
    viewer: null,
    team_name: null,
    team_status: null,
    role: null,
    member_status: null,
    was_accepted: null,
    requester_id: null,
    requester_name: null,
    requester_username: null,
    requester_public: null,
    experience_level: null,
    asked_at: null,
    leg_taken: null,
    open_legs: null,
    has_room: null,
  };
}

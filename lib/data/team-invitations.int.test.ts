import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import type { TeamCreateInput } from "@/lib/validation/team";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import {
  acceptInvitation,
  declineInvitation,
  findMyInvitation,
  inviteToTeam,
  listFitCandidates,
  listTeamInvitations,
} from "./team-invitations";
import { createTeam, decide, requestToJoin, teamRuleMessage, updateTeam } from "./team-writes";
import { findTeamWithMembers } from "./teams";

// Runs inside the local stack (npm run test:integration): real Postgres, migrations, RLS.
const admin = adminSql();
const run = randomUUID().slice(0, 8);
const athletes = {
  boss: { specialty: "cyclist", level: "advanced", public: true },
  rita: { specialty: "runner", level: "intermediate", public: true },
  sam: { specialty: "swimmer", level: "advanced", public: true },
  russ: { specialty: "runner", level: "elite", public: true },
  bea: { specialty: "runner", level: "beginner", public: true },
  cy: { specialty: "cyclist", level: "advanced", public: true },
  hidden: { specialty: "runner", level: "advanced", public: false },
  other: { specialty: "swimmer", level: "advanced", public: true },
  busy: { specialty: "runner", level: "advanced", public: true },
  pair: { specialty: "cyclist", level: "advanced", public: true },
} as const;
type Name = keyof typeof athletes;
const names = Object.keys(athletes) as Name[];
const auth = Object.fromEntries(names.map((n) => [n, randomUUID()])) as Record<Name, string>;
const profile = {} as Record<Name, string>;
const athlete: Athlete[] = [];
const as = (n: Name): Claims => ({ sub: auth[n], role: "authenticated", email: `${n}@example.test` });

const team = (patch: Partial<TeamCreateInput> = {}): TeamCreateInput => ({
  name: `Invite ${run}`,
  description: "A relay team that invites the athletes it needs.",
  location: "Noosa Heads",
  max_members: 3,
  requirements: { roles: ["swimmer", "runner"], experience_levels: ["advanced"] },
  training_schedule: { days: ["saturday"], times: ["morning"] },
  ...patch,
});

async function failure(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return teamRuleMessage(error) ?? (error as { code?: string }).code;
  }
}
const lastMessage = async (from: Name, to: Name) =>
  (
    await admin`select m.content from public.messages m
                join public.conversations c on c.id = m.conversation_id
                where m.sender_id = ${profile[from]}
                  and ${profile[to]} in (c.participant_one_id, c.participant_two_id)
                order by m.created_at desc limit 1`
  )[0]?.content as string | undefined;
const activeCount = async (teamId: string) =>
  (
    await admin`select count(*)::int as n from public.team_members where team_id = ${teamId} and status = 'active'`
  )[0]!.n as number;

let teamId = "";

beforeAll(async () => {
  for (const n of names) {
    const a = athletes[n];
    const made = await makeAthlete(admin, {
      authId: auth[n],
      email: `${n}-${run}@example.test`,
      name: `${n[0]!.toUpperCase()}${n.slice(1)} Invitee`,
      place: "Noosa Heads",
      isPublic: a.public,
      lookingForTeam: true,
      specialty: a.specialty,
      experienceLevel: a.level,
      goals: `Race the ${a.specialty} leg fast`,
      avatar: false,
    });
    athlete.push(made);
    profile[n] = made.profileId;
  }
  teamId = (await withRls(as("boss"), (tx) => createTeam(tx, team()))).id;
  // Busy is already in a team: Other's.
  const otherTeam = (await withRls(as("other"), (tx) => createTeam(tx, team({ name: `Other ${run}` })))).id;
  const [req] = await withRls(as("busy"), async (tx) => [await requestToJoin(tx, otherTeam, "")]);
  await withRls(as("other"), (tx) => decide(tx, "accept_join_request", req!.member.id));
});

afterAll(async () => {
  await dropAthletes(admin, athlete);
  await admin.end();
  await pool().end();
});

describe("athletes who fit", () => {
  it("lists public athletes looking for a team, of a missing leg and a near level, for the creator only", async () => {
    const found = await withRls(as("boss"), (tx) => listFitCandidates(tx, teamId));
    const mine = found.filter((c) => Object.values(profile).includes(c.profile_id)).map((c) => c.profile_id);
    // Rita (intermediate), Sam, Russ (elite) fit; Bea (beginner: two steps from advanced), Cy (a covered leg),
    // Hidden (private), Busy (in a team), Boss (the creator) do not.
    expect(new Set(mine)).toEqual(new Set([profile.rita, profile.sam, profile.russ]));
    expect(found.find((c) => c.profile_id === profile.rita)).toMatchObject({
      full_name: "Rita Invitee",
      specialty: "runner",
      experience_level: "intermediate",
      place: "Noosa Heads",
      recently_active: false,
    });
    expect(await withRls(as("rita"), (tx) => listFitCandidates(tx, teamId))).toEqual([]);
    expect(await failure(withRls(null, (tx) => listFitCandidates(tx, teamId)))).toBe("42501");
  });

  it("comes urgent leg first, then most recently updated; recently active is a session of the last 15 minutes", async () => {
    // Sam (swimmer) updated last, then Russ, then Rita (runners). Rita has a fresh session, Russ an old one.
    await admin.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      for (const [n, minutes] of [
        ["sam", 1],
        ["russ", 2],
        ["rita", 3],
      ] as const) {
        await tx`update public.profiles set updated_at = now() - make_interval(mins => ${minutes})
                 where id = ${profile[n]}`;
      }
    });
    await admin`insert into auth.sessions (id, user_id, updated_at) values
      (${randomUUID()}, ${auth.rita}, now() - interval '1 minute'),
      (${randomUUID()}, ${auth.russ}, now() - interval '1 hour')`;
    const order = async () =>
      (await withRls(as("boss"), (tx) => listFitCandidates(tx, teamId))).filter((c) =>
        [profile.sam, profile.russ, profile.rita].includes(c.profile_id),
      );
    expect((await order()).map((c) => [c.profile_id, c.recently_active])).toEqual([
      [profile.sam, false],
      [profile.russ, false],
      [profile.rita, true],
    ]);
    // Triggers off: no urgent-need alerts queued for this test's athletes.
    const urgent = (role: string | null) =>
      admin.begin(async (tx) => {
        await tx`set local session_replication_role = replica`;
        await tx`update public.teams set urgent_role = ${role},
                   urgent_by = case when ${role}::text is null then null else current_date + 3 end
                 where id = ${teamId}`;
      });
    await urgent("runner");
    try {
      expect((await order()).map((c) => c.profile_id)).toEqual([profile.russ, profile.rita, profile.sam]);
    } finally {
      await urgent(null);
    }
  });
});

describe("invite, accept, decline", () => {
  it("refuses a visitor, someone else's team, a private athlete, one already in a team and a second invitation", async () => {
    expect(await failure(withRls(null, (tx) => inviteToTeam(tx, teamId, profile.rita)))).toBe("42501");
    expect(await failure(withRls(as("rita"), (tx) => inviteToTeam(tx, teamId, profile.sam)))).toMatch(
      /^Forbidden/,
    );
    expect(await failure(withRls(as("boss"), (tx) => inviteToTeam(tx, teamId, profile.hidden)))).toBe(
      "Athlete not found",
    );
    expect(await failure(withRls(as("boss"), (tx) => inviteToTeam(tx, teamId, profile.busy)))).toBe(
      "Busy Invitee is already in a team",
    );
    expect(await failure(withRls(as("boss"), (tx) => inviteToTeam(tx, teamId, profile.boss)))).toBe(
      "You cannot invite yourself",
    );
    const [n] = await admin`select count(*)::int as n from public.team_invitations where team_id = ${teamId}`;
    expect(n!.n).toBe(0);
  });

  it("20 parallel invitations of one athlete make one invitation and one message", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => withRls(as("boss"), (tx) => inviteToTeam(tx, teamId, profile.rita))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected")
        expect(teamRuleMessage(r.reason)).toBe("You have already invited Rita Invitee to your team");
    const rows = await admin`select status, role from public.team_invitations
                             where team_id = ${teamId} and profile_id = ${profile.rita}`;
    expect(rows).toEqual([{ status: "pending", role: "runner" }]);
    expect(await lastMessage("boss", "rita")).toBe(
      `Hi Rita Invitee! I'd like to invite you to join my team "Invite ${run}" as the runner.\n\n` +
        `Accept or decline on the team page: /teams/${teamId}`,
    );
  });

  it("RLS: the invitee and the creator see an invitation, nobody else", async () => {
    expect(await withRls(as("rita"), (tx) => findMyInvitation(tx, teamId))).toMatchObject({
      status: "pending",
    });
    expect(await withRls(as("sam"), (tx) => findMyInvitation(tx, teamId))).toBeNull();
    expect(
      (await withRls(as("boss"), (tx) => listTeamInvitations(tx, teamId))).map((i) => i.profile_id),
    ).toEqual([profile.rita]);
    expect(await withRls(as("sam"), (tx) => listTeamInvitations(tx, teamId))).toEqual([]);
    expect(await failure(withRls(null, (tx) => tx`select * from public.team_invitations`))).toBe("42501");
  });

  it("only the invitee answers; accepting makes an active member and tells the creator; once", async () => {
    const inv = (await withRls(as("rita"), (tx) => findMyInvitation(tx, teamId)))!;
    expect(await failure(withRls(as("boss"), (tx) => acceptInvitation(tx, inv.id)))).toBe(
      "Invitation not found",
    );
    expect(await failure(withRls(as("sam"), (tx) => declineInvitation(tx, inv.id)))).toBe(
      "Invitation not found",
    );
    await withRls(as("rita"), (tx) => acceptInvitation(tx, inv.id));
    const roster = (await withRls(as("boss"), (tx) => findTeamWithMembers(tx, teamId)))!.members;
    expect(roster.find((m) => m.profile_id === profile.rita)).toMatchObject({
      status: "active",
      role: "runner",
    });
    expect(await lastMessage("rita", "boss")).toMatch(/accepted your invitation to join "Invite/);
    expect(await failure(withRls(as("rita"), (tx) => acceptInvitation(tx, inv.id)))).toBe(
      "This invitation has already been answered",
    );
    // In a team now: no longer suggested, and another team cannot invite her.
    const found = await withRls(as("boss"), (tx) => listFitCandidates(tx, teamId));
    expect(found.map((c) => c.profile_id)).not.toContain(profile.rita);
  });

  it("declining marks it declined, tells the creator, and a second invitation is still refused", async () => {
    const { invitation } = await withRls(as("boss"), (tx) => inviteToTeam(tx, teamId, profile.sam));
    await withRls(as("sam"), (tx) => declineInvitation(tx, invitation.id));
    const [row] =
      await admin`select status, answered_at from public.team_invitations where id = ${invitation.id}`;
    expect(row!.status).toBe("declined");
    expect(row!.answered_at).not.toBeNull();
    expect(await lastMessage("sam", "boss")).toMatch(/I'll pass this time/);
    expect(await failure(withRls(as("boss"), (tx) => inviteToTeam(tx, teamId, profile.sam)))).toBe(
      "You have already invited Sam Invitee to your team",
    );
  });

  it("a full or closed team cannot invite", async () => {
    await withRls(as("boss"), (tx) => updateTeam(tx, teamId, { ...team(), status: "closed" }));
    expect(await failure(withRls(as("boss"), (tx) => inviteToTeam(tx, teamId, profile.russ)))).toMatch(
      /not taking new members/,
    );
    await withRls(as("boss"), (tx) => updateTeam(tx, teamId, { ...team(), status: "open" }));
  });
});

describe("capacity races", () => {
  it("parallel accepts of two invitations and an accepted request never exceed max_members", async () => {
    const id = (
      await withRls(as("pair"), (tx) => createTeam(tx, team({ name: `Pair ${run}`, max_members: 2 })))
    ).id;
    const a = await withRls(as("pair"), (tx) => inviteToTeam(tx, id, profile.russ));
    const b = await withRls(as("pair"), (tx) => inviteToTeam(tx, id, profile.cy));
    const request = await withRls(as("bea"), (tx) => requestToJoin(tx, id, ""));
    const results = await Promise.allSettled([
      withRls(as("russ"), (tx) => acceptInvitation(tx, a.invitation.id)),
      withRls(as("cy"), (tx) => acceptInvitation(tx, b.invitation.id)),
      withRls(as("pair"), (tx) => decide(tx, "accept_join_request", request.member.id)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(teamRuleMessage(r.reason)).toMatch(/full/);
    expect(await activeCount(id)).toBe(2);
    const [t] = await admin`select status from public.teams where id = ${id}`;
    expect(t!.status).toBe("full");
  });
});

describe("the public roster", () => {
  it("a visitor sees an open team's active members, private names hidden, no pending requests", async () => {
    // A runner, asking for the open swim leg (Rita races the run).
    await withRls(as("hidden"), (tx) => requestToJoin(tx, teamId, "swimmer"));
    const seen = (await withRls(null, (tx) => findTeamWithMembers(tx, teamId)))!;
    expect(seen.members.every((m) => m.status === "active")).toBe(true);
    expect(seen.members.map((m) => m.full_name)).toEqual(["Boss Invitee", "Rita Invitee"]);
    await withRls(as("boss"), (tx) => updateTeam(tx, teamId, { ...team(), status: "closed" }));
    expect(await withRls(null, (tx) => findTeamWithMembers(tx, teamId))).toBeNull();
  });
});

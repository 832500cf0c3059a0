import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import type { TeamCreateInput } from "@/lib/validation/team";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import {
  createTeam,
  decide,
  leaveTeam,
  requestToJoin,
  setUrgentNeed,
  teamRuleMessage,
  updateTeam,
} from "./team-writes";
import { findTeamByCreator, findTeamWithMembers, listMyTeams, listOpenTeams } from "./teams";

// Runs inside `supabase-local --test` (npm run test:integration): real Postgres, migrations, RLS.
const admin = adminSql();
const run = randomUUID().slice(0, 8);
const names = [
  "creator",
  "bob",
  "cara",
  "dan",
  "erin",
  "stranger",
  "priv",
  "racer",
  "lone",
  "noprofile",
] as const;
type Name = (typeof names)[number];
const auth = Object.fromEntries(names.map((n) => [n, randomUUID()])) as Record<Name, string>;
const profile = {} as Record<Name, string>;
const athlete: Athlete[] = [];
const as = (n: Name): Claims => ({ sub: auth[n], role: "authenticated", email: `${n}@example.test` });

const team = (patch: Partial<TeamCreateInput> = {}): TeamCreateInput => ({
  name: `Flyers ${run}`,
  description: "A relay team that trains at dawn.",
  location: "Noosa Heads",
  max_members: 3,
  requirements: { roles: ["swimmer", "runner"], experience_levels: ["intermediate"] },
  training_schedule: { days: ["saturday"], times: ["morning"] },
  ...patch,
});

/** The error a rejected promise carries: rule message (or code) for short assertions. */
async function failure(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return teamRuleMessage(error) ?? (error as { code?: string }).code;
  }
}

const specialties: Record<Name, "swimmer" | "cyclist" | "runner"> = {
  creator: "cyclist",
  bob: "runner",
  cara: "swimmer",
  dan: "runner",
  erin: "swimmer",
  stranger: "runner",
  priv: "swimmer",
  racer: "runner",
  lone: "cyclist",
  noprofile: "runner",
};

const live = async (teamId: string) =>
  (
    await admin`select status, count(*)::int as n from public.team_members
               where team_id = ${teamId} group by status`
  ).reduce((acc, r) => ({ ...acc, [r.status as string]: r.n as number }), {} as Record<string, number>);
const statusOf = async (teamId: string) =>
  (await admin`select status from public.teams where id = ${teamId}`)[0]?.status;

let teamId = "";

beforeAll(async () => {
  for (const n of names) {
    const made = await makeAthlete(admin, {
      authId: auth[n],
      email: `${n}-${run}@example.test`,
      profile: n !== "noprofile",
      name: `${n[0]!.toUpperCase()}${n.slice(1)} Tester`,
      isPublic: n !== "priv",
      lookingForTeam: true,
      specialty: specialties[n],
      experienceLevel: "advanced",
      goals: `Race the ${specialties[n]} leg fast`,
      avatar: false,
    });
    athlete.push(made);
    if (n !== "noprofile") profile[n] = made.profileId;
  }
});

afterAll(async () => {
  await dropAthletes(admin, athlete);
  await admin.end();
  await pool().end();
});

describe("create_team", () => {
  it("refuses a visitor (no EXECUTE) and an account without a profile", async () => {
    expect(await failure(withRls(null, (tx) => createTeam(tx, team())))).toBe("42501");
    expect(await failure(withRls(as("noprofile"), (tx) => createTeam(tx, team())))).toBe("Profile not found");
  });

  it("bad values write nothing", async () => {
    for (const bad of [
      team({ name: "ab" }),
      team({ description: "short" }),
      team({ max_members: 7 }),
      team({ name: "Evil\u202eTeam" }),
      team({ requirements: { roles: [], experience_levels: ["elite"] } }),
      team({ location: "N" }),
    ]) {
      expect(await failure(withRls(as("creator"), (tx) => createTeam(tx, bad)))).toBe("23514");
    }
    expect(await admin`select 1 from public.teams where creator_id = ${auth.creator}`).toHaveLength(0);
  });

  it("creates the team with the creator as an active member in their specialty, once", async () => {
    teamId = (await withRls(as("creator"), (tx) => createTeam(tx, team()))).id;
    const members =
      await admin`select profile_id, role, status from public.team_members where team_id = ${teamId}`;
    expect(members).toEqual([{ profile_id: profile.creator, role: "cyclist", status: "active" }]);
    expect(await statusOf(teamId)).toBe("open");
    expect(await failure(withRls(as("creator"), (tx) => createTeam(tx, team({ name: "Second" }))))).toBe(
      "You can only create one team. Please manage your existing team instead.",
    );
  });

  it("50 parallel creates by one user make exactly one team", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        withRls(as("racer"), (tx) => createTeam(tx, team({ name: `Race ${i}` }))),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect(teamRuleMessage(r.reason)).toBe(
        "You can only create one team. Please manage your existing team instead.",
      );
    const [row] = await admin`select count(*)::int as n from public.teams where creator_id = ${auth.racer}`;
    expect(row!.n).toBe(1);
    const [m] =
      await admin`select count(*)::int as n from public.team_members m join public.teams t on t.id = m.team_id
                           where t.creator_id = ${auth.racer}`;
    expect(m!.n).toBe(1);
  });
});

describe("update_team", () => {
  it("only the creator updates; others get the product's message and nothing changes", async () => {
    const forbidden = "Forbidden: You can only update your own teams.";
    expect(
      await failure(
        withRls(as("stranger"), (tx) =>
          updateTeam(tx, teamId, { ...team({ name: "Hijack" }), status: "closed" }),
        ),
      ),
    ).toBe(forbidden);
    expect(
      await failure(
        withRls(as("stranger"), (tx) => tx`update public.teams set name = 'Hijack' where id = ${teamId}`),
      ),
    ).toBe("42501");
    expect(
      await failure(withRls(as("creator"), (tx) => tx`delete from public.teams where id = ${teamId}`)),
    ).toBe("42501");
    expect(
      await failure(
        withRls(
          as("creator"),
          (tx) =>
            tx`insert into public.team_members (team_id, profile_id, role) values (${teamId}, ${profile.bob}, 'runner')`,
        ),
      ),
    ).toBe("42501");
    await withRls(as("creator"), (tx) =>
      updateTeam(tx, teamId, { ...team({ name: `Renamed ${run}` }), status: "open" }),
    );
    expect((await admin`select name from public.teams where id = ${teamId}`)[0]!.name).toBe(`Renamed ${run}`);
    expect(
      await failure(
        withRls(as("creator"), (tx) => updateTeam(tx, teamId, { ...team({ name: "x" }), status: "open" })),
      ),
    ).toBe("23514");
  });
});

describe("join requests and decisions", () => {
  it("refuses the creator's own team", async () => {
    expect(await failure(withRls(as("creator"), (tx) => requestToJoin(tx, teamId, "")))).toBe(
      "You cannot request to join your own team",
    );
  });

  it("records a pending request and posts the automatic message to the creator", async () => {
    const result = await withRls(as("bob"), (tx) => requestToJoin(tx, teamId, "runner"));
    expect(result.member).toMatchObject({ status: "pending", role: "runner" });
    const [msg] = await admin`select m.content, m.sender_id, c.participant_one_id, c.participant_two_id
      from public.messages m join public.conversations c on c.id = m.conversation_id
      where m.conversation_id = ${result.conversation_id}`;
    expect(msg!.sender_id).toBe(profile.bob);
    expect([msg!.participant_one_id, msg!.participant_two_id].sort()).toEqual(
      [profile.bob, profile.creator].sort(),
    );
    // As a person would write it: first names, the team and leg, who is asking, a named profile link.
    for (const part of [
      `I'd like to join "Renamed ${run}" as the runner.`,
      "I'm Bob Tester (@",
      "a runner with advanced experience",
      "My goals: Race the runner leg fast",
      `[View Bob's profile](/profile/${profile.bob})`,
    ])
      expect(msg!.content).toContain(part);
    expect(msg!.content).toMatch(/^Hi \S+! /);
    expect(await failure(withRls(as("bob"), (tx) => requestToJoin(tx, teamId, "runner")))).toBe(
      "You already have a pending request to join this team",
    );
  });

  it("parallel join requests make one pending row", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => withRls(as("cara"), (tx) => requestToJoin(tx, teamId, ""))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows =
      await admin`select role from public.team_members where team_id = ${teamId} and profile_id = ${profile.cara}`;
    expect(rows).toEqual([{ role: "swimmer" }]);
    expect(await admin`select 1 from public.messages where sender_id = ${profile.cara}`).toHaveLength(1);
  });

  it("RLS: who sees the team, its pending requests and its members", async () => {
    const pending = (n: Name | null) =>
      withRls(
        n ? as(n) : null,
        (tx) =>
          tx`select profile_id from public.team_members where team_id = ${teamId} and status = 'pending'`,
      );
    expect(await pending(null)).toHaveLength(0);
    expect(await pending("stranger")).toHaveLength(0);
    expect((await pending("bob")).map((r) => r.profile_id)).toEqual([profile.bob]);
    expect(await pending("creator")).toHaveLength(2);
    // Anyone sees the open team and its active member.
    const open = await withRls(null, (tx) => listOpenTeams(tx));
    expect(open.find((t) => t.id === teamId)).toMatchObject({ active_count: 1, covered_roles: ["cyclist"] });
    // The stranger's roster has no pending rows; the creator's has both with names.
    const seen = await withRls(as("stranger"), (tx) => findTeamWithMembers(tx, teamId));
    expect(seen!.members.map((m) => m.status)).toEqual(["active"]);
    const own = await withRls(as("creator"), (tx) => findTeamWithMembers(tx, teamId));
    expect(
      own!.members
        .filter((m) => m.status === "pending")
        .map((m) => m.full_name)
        .sort(),
    ).toEqual(["Bob Tester", "Cara Tester"]);
    // A conversation is visible to its two participants only.
    expect(
      await withRls(
        as("stranger"),
        (tx) => tx`select 1 from public.messages where sender_id = ${profile.bob}`,
      ),
    ).toHaveLength(0);
    expect(
      await withRls(
        as("creator"),
        (tx) => tx`select 1 from public.messages where sender_id = ${profile.bob}`,
      ),
    ).toHaveLength(1);
  });

  it("only the creator decides", async () => {
    const [bobRow] =
      await admin`select id from public.team_members where team_id = ${teamId} and profile_id = ${profile.bob}`;
    expect(await failure(withRls(as("bob"), (tx) => decide(tx, "accept_join_request", bobRow!.id)))).toBe(
      "Forbidden: You can only update your own teams.",
    );
    expect(
      await failure(withRls(as("stranger"), (tx) => decide(tx, "decline_join_request", bobRow!.id))),
    ).toBe("Forbidden: You can only update your own teams.");
  });

  it("accept makes the member active, messages them and fills the team at capacity", async () => {
    const ids = Object.fromEntries(
      (
        await admin`select profile_id, id from public.team_members where team_id = ${teamId} and status = 'pending'`
      ).map((r) => [r.profile_id, r.id]),
    );
    await withRls(as("creator"), (tx) => decide(tx, "accept_join_request", ids[profile.bob]));
    expect(await live(teamId)).toMatchObject({ active: 2, pending: 1 });
    const [msg] =
      await admin`select content from public.messages where sender_id = ${profile.creator} order by created_at desc limit 1`;
    expect(msg!.content).toContain("accepted your request");
    expect(await failure(withRls(as("bob"), (tx) => requestToJoin(tx, teamId, "")))).toBe(
      "You are already a member of this team",
    );
    expect(
      await failure(withRls(as("creator"), (tx) => decide(tx, "accept_join_request", ids[profile.bob]))),
    ).toBe("This request has already been answered");
    await withRls(as("creator"), (tx) => decide(tx, "accept_join_request", ids[profile.cara]));
    expect(await statusOf(teamId)).toBe("full");
    const seen = await withRls(as("stranger"), (tx) => findTeamWithMembers(tx, teamId));
    expect(seen).toMatchObject({
      status: "full",
      active_count: 3,
      covered_roles: ["cyclist", "runner", "swimmer"],
    });
    expect(await failure(withRls(as("dan"), (tx) => requestToJoin(tx, teamId, "")))).toBe(
      "This team is not accepting new members right now",
    );
    expect(
      await failure(
        withRls(as("creator"), (tx) =>
          updateTeam(tx, teamId, { ...team({ max_members: 2 }), status: "open" }),
        ),
      ),
    ).toBe("Max members cannot be lower than the team's 3 active members");
    // "open" at capacity is stored as full.
    await withRls(as("creator"), (tx) => updateTeam(tx, teamId, { ...team(), status: "open" }));
    expect(await statusOf(teamId)).toBe("full");
  });

  it("leaving frees a place and reopens the team; the creator cannot leave; remove is the creator's", async () => {
    expect(await failure(withRls(as("creator"), (tx) => leaveTeam(tx, teamId)))).toMatch(/cannot leave/);
    await withRls(as("bob"), (tx) => leaveTeam(tx, teamId));
    expect(await statusOf(teamId)).toBe("open");
    expect(await failure(withRls(as("bob"), (tx) => leaveTeam(tx, teamId)))).toBe(
      "You are not a member of this team",
    );
    const [cara] =
      await admin`select id from public.team_members where team_id = ${teamId} and profile_id = ${profile.cara} and status = 'active'`;
    const [own] =
      await admin`select id from public.team_members where team_id = ${teamId} and profile_id = ${profile.creator}`;
    expect(await failure(withRls(as("bob"), (tx) => decide(tx, "remove_team_member", cara!.id)))).toBe(
      "Forbidden: You can only update your own teams.",
    );
    expect(await failure(withRls(as("creator"), (tx) => decide(tx, "remove_team_member", own!.id)))).toBe(
      "You cannot remove yourself from your own team",
    );
    await withRls(as("creator"), (tx) => decide(tx, "remove_team_member", cara!.id));
    expect(await live(teamId)).toMatchObject({ active: 1, left: 2 });
  });

  it("decline marks the request declined and messages the requester; the athlete may ask again", async () => {
    await withRls(as("dan"), (tx) => requestToJoin(tx, teamId, "swimmer"));
    const [dan] =
      await admin`select id from public.team_members where team_id = ${teamId} and profile_id = ${profile.dan}`;
    await withRls(as("creator"), (tx) => decide(tx, "decline_join_request", dan!.id));
    expect((await admin`select status from public.team_members where id = ${dan!.id}`)[0]!.status).toBe(
      "declined",
    );
    const [msg] =
      await admin`select content from public.messages where sender_id = ${profile.creator} order by created_at desc limit 1`;
    expect(msg!.content).toContain("declined your request");
    await withRls(as("dan"), (tx) => requestToJoin(tx, teamId, "swimmer"));
    expect(await live(teamId)).toMatchObject({ pending: 1, declined: 1 });
  });

  it("a closed team stays closed when a place frees up and is hidden from outsiders", async () => {
    await withRls(as("creator"), (tx) => updateTeam(tx, teamId, { ...team(), status: "closed" }));
    expect(await withRls(null, (tx) => findTeamWithMembers(tx, teamId))).toBeNull();
    expect(await withRls(as("stranger"), (tx) => findTeamWithMembers(tx, teamId))).toBeNull();
    expect(await withRls(as("dan"), (tx) => findTeamWithMembers(tx, teamId))).not.toBeNull();
    const [dan] =
      await admin`select id from public.team_members where team_id = ${teamId} and profile_id = ${profile.dan} and status = 'pending'`;
    expect(await failure(withRls(as("creator"), (tx) => decide(tx, "accept_join_request", dan!.id)))).toMatch(
      /closed/,
    );
    await withRls(as("dan"), (tx) => leaveTeam(tx, teamId));
    expect(await statusOf(teamId)).toBe("closed");
    await withRls(as("creator"), (tx) => updateTeam(tx, teamId, { ...team(), status: "open" }));
  });
});

describe("capacity races", () => {
  it("parallel accepts and a join racing an accept never exceed max_members", async () => {
    const id = (
      await withRls(as("lone"), (tx) => createTeam(tx, team({ name: `Pair ${run}`, max_members: 2 })))
    ).id;
    await withRls(as("cara"), (tx) => requestToJoin(tx, id, ""));
    await withRls(as("dan"), (tx) => requestToJoin(tx, id, ""));
    const pending = (
      await admin`select id from public.team_members where team_id = ${id} and status = 'pending'`
    ).map((r) => r.id as string);
    const results = await Promise.allSettled([
      ...pending.map((m) => withRls(as("lone"), (tx) => decide(tx, "accept_join_request", m))),
      withRls(as("erin"), (tx) => requestToJoin(tx, id, "")),
    ]);
    const accepted = results.slice(0, 2).filter((r) => r.status === "fulfilled");
    expect(accepted).toHaveLength(1);
    expect(await live(id)).toMatchObject({ active: 2 });
    expect(await statusOf(id)).toBe("full");
    // Erin's request either landed before the team filled (pending) or was refused; never active.
    const erin =
      await admin`select status from public.team_members where team_id = ${id} and profile_id = ${profile.erin}`;
    expect(erin.every((r) => r.status === "pending")).toBe(true);
    for (const row of await admin`select id from public.team_members where team_id = ${id} and status = 'pending'`)
      expect(await failure(withRls(as("lone"), (tx) => decide(tx, "accept_join_request", row.id)))).toMatch(
        /full/,
      );
  });
});

describe("urgent need, listings and the roster", () => {
  it("only the creator sets it, not in the past; urgent open teams sort first", async () => {
    const today = (await admin`select (now() at time zone 'Australia/Brisbane')::date::text as d`)[0]!
      .d as string;
    expect(await failure(withRls(as("stranger"), (tx) => setUrgentNeed(tx, teamId, "runner", today)))).toBe(
      "Forbidden: You can only update your own teams.",
    );
    expect(
      await failure(withRls(as("creator"), (tx) => setUrgentNeed(tx, teamId, "runner", "2000-01-01"))),
    ).toBe("The date must be today or later");
    expect(
      await failure(withRls(as("creator"), (tx) => setUrgentNeed(tx, teamId, "rower" as never, today))),
    ).toBe("23514");
    await withRls(as("creator"), (tx) => setUrgentNeed(tx, teamId, "runner", today));
    const open = await withRls(as("stranger"), (tx) => listOpenTeams(tx, { excludeCreator: auth.stranger }));
    expect(open[0]).toMatchObject({ id: teamId, urgent_role: "runner", urgent_by: today });
    const mine = await withRls(as("creator"), (tx) => listOpenTeams(tx, { excludeCreator: auth.creator }));
    expect(mine.map((t) => t.id)).not.toContain(teamId);
    await withRls(as("creator"), (tx) => setUrgentNeed(tx, teamId, null, null));
    expect((await withRls(as("creator"), (tx) => findTeamByCreator(tx, auth.creator)))!.urgent_by).toBeNull();
  });

  it("a private member's name is shown inside the team only", async () => {
    await withRls(as("priv"), (tx) => requestToJoin(tx, teamId, "swimmer"));
    const [row] =
      await admin`select id from public.team_members where team_id = ${teamId} and profile_id = ${profile.priv} and status = 'pending'`;
    await withRls(as("creator"), (tx) => decide(tx, "accept_join_request", row!.id));
    const nameFor = async (n: Name | null) =>
      (await withRls(n ? as(n) : null, (tx) => findTeamWithMembers(tx, teamId)))!.members.find(
        (m) => m.profile_id === profile.priv,
      )!;
    expect(await nameFor("stranger")).toMatchObject({
      full_name: null,
      username: null,
      role: "swimmer",
      status: "active",
    });
    expect((await nameFor("creator")).full_name).toBe("Priv Tester");
    expect((await nameFor("priv")).full_name).toBe("Priv Tester");
    const mine = await withRls(as("priv"), (tx) => listMyTeams(tx, auth.priv, profile.priv));
    expect(mine.map((t) => t.id)).toEqual([teamId]);
  });
});

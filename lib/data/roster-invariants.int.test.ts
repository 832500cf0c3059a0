import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFilters } from "@/lib/browse/filters";
import { pool, withRls } from "@/lib/db";
import type { Specialty } from "@/lib/validation/profile";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import { listAthletes, listOpenTeams } from "./browse";
import { readLiveNumbers } from "./live-numbers";
import { answerLookingPrompt } from "./roster-prompts";
import { acceptInvitation, listFitCandidates } from "./team-invitations";
import {
  acceptAs,
  changeRequestLeg,
  createTeam,
  decide,
  leaveTeam,
  requestToJoin,
  setUrgentNeed,
  teamRuleMessage,
  updateTeam,
} from "./team-writes";
import { findTeamWithMembers } from "./teams";

// The roster rules as invariants over the whole database, after random sequences of what people do
// (requests, accepts, declines, invitations, leaving, removals, urgent needs, edits, "Keep me listed" and
// the profile switch), run through the same functions the app calls:
//   1. no team advertises a covered leg: its urgent leg and its open legs are required legs nobody races;
//   2. no active member is listed as looking for a team unless they chose to be after they joined;
//   3. the readers agree with the rule: the team page, Browse's "teams that need a <leg>" filter and cards,
//      the landing counters, Athletes who fit and the athlete listing;
//   4. one leg, one athlete: a leg gets a second active athlete only when the creator picked it as an extra
//      place (accepting with a leg chosen) or invited them (an invitation is the creator's own choice), never
//      by a plain Accept of a request whose leg was taken meanwhile; a pending request is marked "leg
//      taken" exactly when an active member races its leg.
// Bounded (a few dozen short sequences) so it runs in seconds.
const admin = adminSql();
const run = randomUUID().slice(0, 8);
const legs = ["swimmer", "cyclist", "runner"] as const;

type Person = Athlete;
const creators: Person[] = [];
const athletes: Person[] = [];
const everyone = () => [...creators, ...athletes];

async function person(specialty: Specialty, label: string): Promise<Person> {
  return makeAthlete(admin, {
    email: `${label}-${run}@example.test`,
    name: `${label} Invariant`,
    isPublic: true,
    lookingForTeam: true,
    specialty,
    experienceLevel: "intermediate",
    goals: "Race a relay leg",
    avatar: false,
  });
}

beforeAll(async () => {
  for (const leg of legs) creators.push(await person(leg, `boss${leg}`));
  for (const leg of legs) for (const n of [1, 2]) athletes.push(await person(leg, `${leg}${n}`));
});
afterAll(async () => {
  await dropAthletes(admin, everyone());
  await admin.end();
  await pool().end();
});

const roleArb = fc.constantFrom(...legs);
const rolesArb = fc.subarray([...legs], { minLength: 1 });
const team = fc.nat(2);
const who = fc.nat(5);
const op = fc.oneof(
  fc.record({ k: fc.constant("request" as const), a: who, t: team, role: fc.option(roleArb, { nil: null }) }),
  fc.record({ k: fc.constant("accept" as const), t: team, n: fc.nat(5) }),
  fc.record({ k: fc.constant("accept" as const), t: team, n: fc.nat(5) }),
  fc.record({ k: fc.constant("acceptAs" as const), t: team, n: fc.nat(5), role: roleArb }),
  fc.record({ k: fc.constant("changeLeg" as const), t: team, a: who, role: roleArb }),
  fc.record({ k: fc.constant("decline" as const), t: team, n: fc.nat(5) }),
  fc.record({ k: fc.constant("invite" as const), t: team, a: who, role: roleArb }),
  fc.record({ k: fc.constant("acceptInvitation" as const), t: team, a: who }),
  fc.record({ k: fc.constant("leave" as const), t: team, a: who }),
  fc.record({ k: fc.constant("remove" as const), t: team, n: fc.nat(5) }),
  fc.record({
    k: fc.constant("urgent" as const),
    t: team,
    role: fc.option(roleArb, { nil: null }),
    days: fc.nat(4),
  }),
  fc.record({
    k: fc.constant("edit" as const),
    t: team,
    roles: rolesArb,
    max: fc.integer({ min: 2, max: 5 }),
  }),
  fc.record({ k: fc.constant("answer" as const), p: fc.nat(8), listed: fc.boolean() }),
  fc.record({ k: fc.constant("profileSwitch" as const), p: fc.nat(8), listed: fc.boolean() }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
const setup = fc.array(fc.record({ roles: rolesArb, max: fc.integer({ min: 2, max: 4 }) }), {
  minLength: 3,
  maxLength: 3,
});

const teamInput = (i: number, roles: string[], max: number) => ({
  name: `Invariant ${i} ${run}`,
  description: "A relay team of the invariant test.",
  location: "Noosa",
  max_members: max,
  requirements: { roles: roles as Specialty[], experience_levels: ["intermediate" as const] },
  training_schedule: { days: [], times: [] },
});

async function reset(config: { roles: string[]; max: number }[]): Promise<string[]> {
  const ids = everyone().map((p) => p.authId);
  await admin`delete from public.teams where creator_id in ${admin(ids)}`;
  await admin`delete from public.looking_prompts where profile_id in ${admin(everyone().map((p) => p.profileId))}`;
  await admin`update public.profiles set looking_for_team = true where auth_id in ${admin(ids)}`;
  const teamIds: string[] = [];
  for (const [i, c] of config.entries())
    teamIds.push(
      (await withRls(creators[i]!.claims, (tx) => createTeam(tx, teamInput(i, c.roles, c.max)))).id,
    );
  return teamIds;
}

const members = (teamId: string, status: "active" | "pending") =>
  admin<{ id: string; profile_id: string }[]>`
    select id, profile_id from public.team_members
    where team_id = ${teamId} and status = ${status}
      and profile_id <> (select p.id from public.profiles p join public.teams t on t.creator_id = p.auth_id
                         where t.id = ${teamId})
    order by joined_at, id`;
const activeProfiles = async () =>
  new Set(
    (
      await admin<{ profile_id: string }[]>`
        select distinct profile_id from public.team_members
        where status = 'active' and profile_id in ${admin(everyone().map((p) => p.profileId))}`
    ).map((r) => r.profile_id),
  );
const inDays = async (n: number) =>
  (
    await admin<
      { d: string }[]
    >`select ((now() at time zone 'Australia/Brisbane')::date + ${n}::int)::text as d`
  )[0]!.d;

/** Runs one step as the person who would; a refusal by a rule (the app shows its text) is a normal outcome. */
async function apply(o: Op, teamIds: string[], chose: Map<string, boolean>): Promise<void> {
  const t = "t" in o ? teamIds[o.t]! : "";
  const boss = "t" in o ? creators[o.t]! : creators[0]!;
  const pick = async <T>(rows: Promise<T[]>, n: number) => {
    const list = await rows;
    return list.length ? list[n % list.length] : undefined;
  };
  try {
    switch (o.k) {
      case "request":
        await withRls(athletes[o.a]!.claims, (tx) => requestToJoin(tx, t, o.role ?? ""));
        break;
      case "accept":
      case "decline": {
        const m = await pick(members(t, "pending"), o.n);
        if (m)
          await withRls(boss.claims, (tx) =>
            decide(tx, o.k === "accept" ? "accept_join_request" : "decline_join_request", m.id),
          );
        break;
      }
      case "acceptAs": {
        const m = await pick(members(t, "pending"), o.n);
        if (m) await withRls(boss.claims, (tx) => acceptAs(tx, m.id, o.role));
        break;
      }
      case "changeLeg":
        await withRls(athletes[o.a]!.claims, (tx) => changeRequestLeg(tx, t, o.role));
        break;
      case "invite":
        // The app invites as the athlete's own leg; the function also takes another one.
        await withRls(
          boss.claims,
          (tx) => tx`select public.invite_to_team(${t}, ${athletes[o.a]!.profileId}, ${o.role})`,
        );
        break;
      case "acceptInvitation": {
        const [inv] = await admin<{ id: string }[]>`
          select id from public.team_invitations
          where team_id = ${t} and profile_id = ${athletes[o.a]!.profileId} and status = 'pending'`;
        if (inv) await withRls(athletes[o.a]!.claims, (tx) => acceptInvitation(tx, inv.id));
        break;
      }
      case "leave":
        await withRls(athletes[o.a]!.claims, (tx) => leaveTeam(tx, t));
        break;
      case "remove": {
        const m = await pick(members(t, "active"), o.n);
        if (m) await withRls(boss.claims, (tx) => decide(tx, "remove_team_member", m.id));
        break;
      }
      case "urgent": {
        const by = o.role ? await inDays(o.days) : null;
        await withRls(boss.claims, (tx) => setUrgentNeed(tx, t, o.role, by));
        break;
      }
      case "edit":
        await withRls(boss.claims, (tx) =>
          updateTeam(tx, t, { ...teamInput(o.t, o.roles, o.max), status: "open" }),
        );
        break;
      case "answer": {
        const p = everyone()[o.p]!;
        await withRls(p.claims, (tx) => answerLookingPrompt(tx, o.listed));
        chose.set(p.profileId, o.listed);
        break;
      }
      case "profileSwitch": {
        const p = everyone()[o.p]!;
        await withRls(
          p.claims,
          (tx) => tx`update public.profiles set looking_for_team = ${o.listed}
                                           where auth_id = ${p.authId}`,
        );
        chose.set(p.profileId, o.listed);
        break;
      }
    }
  } catch (error) {
    if (!teamRuleMessage(error)) throw error;
  }
}

/** Legs (team:role) raced by more than one active member, and by how many. */
async function sharedLegs(): Promise<Map<string, number>> {
  const rows = await admin<{ leg: string; n: number }[]>`
    select team_id || ':' || role as leg, count(*)::int as n from public.team_members
    where status = 'active' group by team_id, role having count(*) > 1`;
  return new Map(rows.map((r) => [r.leg, r.n]));
}

/** The rule, worked out here from the raw rows: required legs minus the legs of active members. */
async function expectedOpenLegs(): Promise<Map<string, string[]>> {
  const rows = await admin<{ id: string; roles: string[]; raced: string[] | null }[]>`
    select t.id, array(select jsonb_array_elements_text(t.requirements -> 'roles')) as roles,
           array(select m.role from public.team_members m where m.team_id = t.id and m.status = 'active') as raced
    from public.teams t`;
  return new Map(
    rows.map((r) => [r.id, legs.filter((l) => r.roles.includes(l) && !(r.raced ?? []).includes(l))]),
  );
}

async function checkStepInvariants(teamIds: string[], chose: Map<string, boolean>) {
  // 1. No urgent need of a covered leg, or of a leg the team does not ask for.
  const stale = await admin`
    select t.id, t.urgent_role from public.teams t
    where t.urgent_role is not null
      and (exists (select 1 from public.team_members m
                   where m.team_id = t.id and m.status = 'active' and m.role = t.urgent_role)
           or not (t.requirements -> 'roles') ? t.urgent_role)`;
  expect(stale).toEqual([]);
  // 2. An active member is listed only if they chose to be after joining.
  const listed = await admin<{ id: string }[]>`
    select p.id from public.profiles p
    where p.looking_for_team and p.id in ${admin(everyone().map((x) => x.profileId))}
      and exists (select 1 from public.team_members m where m.profile_id = p.id and m.status = 'active')`;
  for (const { id } of listed)
    expect({ id, choseToBeListed: chose.get(id) === true }).toEqual({ id, choseToBeListed: true });
  void teamIds;
}

async function allOpenTeamIds(role: Specialty): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const { items, total } = await withRls(null, (tx) =>
      listOpenTeams(tx, { ...parseFilters({ role }), teamPage: page }),
    );
    for (const t of items) ids.add(t.id);
    if (ids.size >= total || items.length === 0) return ids;
  }
}

async function checkReadersAgree(teamIds: string[]) {
  const expected = await expectedOpenLegs();
  const status = new Map(
    (
      await admin<{ id: string; status: string; urgent_role: string | null; urgent_by: string | null }[]>`
      select id, status, urgent_role,
        case when urgent_by >= (now() at time zone 'Australia/Brisbane')::date then 'current' end as urgent_by
      from public.teams`
    ).map((r) => [r.id, r]),
  );
  // The team page (as its creator, who sees it whatever its status).
  for (const [i, id] of teamIds.entries()) {
    const page = await withRls(creators[i]!.claims, (tx) => findTeamWithMembers(tx, id));
    expect({ id, legs: page?.open_legs }).toEqual({ id, legs: expected.get(id) });
  }
  // Browse's "teams that need a <leg>", over every open team in the database, and each card's legs.
  for (const role of legs) {
    const listed = await allOpenTeamIds(role);
    const want = [...expected]
      .filter(([id, l]) => status.get(id)?.status === "open" && l.includes(role))
      .map(([id]) => id);
    expect([...listed].sort()).toEqual(want.sort());
  }
  // The landing counters.
  const numbers = await withRls(null, readLiveNumbers);
  const open = [...expected].filter(([id, l]) => status.get(id)?.status === "open" && l.length > 0);
  expect(numbers.openTeams).toBe(open.length);
  for (const role of legs) {
    const urgent = [...status.values()].filter(
      (t) => t.status === "open" && t.urgent_role === role && t.urgent_by === "current",
    );
    expect({ role, n: numbers.urgent[role] }).toEqual({ role, n: urgent.length });
  }
  // 4. "Leg taken" on each pending request, as its creator's team page shows it.
  for (const [i, id] of teamIds.entries()) {
    const page = await withRls(creators[i]!.claims, (tx) => findTeamWithMembers(tx, id));
    const raced = new Set(page!.members.filter((m) => m.status === "active").map((m) => m.role));
    for (const m of page!.members.filter((x) => x.status === "pending"))
      expect({ m: m.member_id, taken: m.leg_taken }).toEqual({ m: m.member_id, taken: raced.has(m.role) });
  }
  // Athletes who fit: only athletes of an open leg, listed, in no team.
  const active = await activeProfiles();
  for (const [i, id] of teamIds.entries()) {
    const fit = await withRls(creators[i]!.claims, (tx) => listFitCandidates(tx, id));
    for (const c of fit) {
      expect(expected.get(id)).toContain(c.specialty);
      expect(active.has(c.profile_id)).toBe(false);
    }
  }
  // The athlete listing reads the flag: our athletes are the newest, so all of them are on its first page.
  const flags = new Map(
    (
      await admin<{ id: string; l: boolean }[]>`
        select id, looking_for_team as l from public.profiles where id in ${admin(everyone().map((p) => p.profileId))}`
    ).map((r) => [r.id, r.l]),
  );
  const page = await withRls(null, (tx) => listAthletes(tx, parseFilters({})));
  for (const p of everyone())
    expect({ p: p.profileId, listed: page.items.some((a) => a.id === p.profileId) }).toEqual({
      p: p.profileId,
      listed: flags.get(p.profileId),
    });
}

describe("the roster invariants", () => {
  it("hold after any sequence of requests, accepts, invitations, leaves, removals and edits", async () => {
    await fc.assert(
      fc.asyncProperty(setup, fc.array(op, { minLength: 1, maxLength: 14 }), async (config, ops) => {
        const teamIds = await reset(config);
        const chose = new Map<string, boolean>();
        for (const o of ops) {
          const before = await activeProfiles();
          const sharedBefore = await sharedLegs();
          await apply(o, teamIds, chose);
          // 4. A leg raced twice only by the creator's choice: a leg picked on Accept, or an invitation.
          if (o.k !== "acceptAs" && o.k !== "acceptInvitation")
            for (const [leg, n] of await sharedLegs())
              expect({ leg, n, op: o.k }).toEqual({
                leg,
                n: Math.min(n, sharedBefore.get(leg) ?? 1),
                op: o.k,
              });
          // Becoming active is the moment the choice is asked again.
          for (const p of await activeProfiles()) if (!before.has(p)) chose.set(p, false);
          await checkStepInvariants(teamIds, chose);
        }
        await checkReadersAgree(teamIds);
      }),
      { numRuns: 30, seed: Number(process.env.ROSTER_SEED ?? Date.now() % 2_147_483_647) },
    );
  }, 120_000);
});

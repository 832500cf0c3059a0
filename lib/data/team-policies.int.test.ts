import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import {
  addMember,
  adminSql,
  dropAthletes,
  makeAthlete,
  makeTeam,
  type Athlete,
} from "@/test/fixtures/athletes";

// The teams and team_members read policies are set lookups. Who sees which row must be exactly what the
// per-row helpers (private.is_team_member, private.is_team_creator) allowed: this compares both, for every kind of viewer and membership.
// Runs inside `supabase-local --test` (npm run test:integration).
const admin = adminSql();

const teamStatuses = ["open", "full", "closed"] as const;
const memberStatuses = ["active", "pending", "declined", "left"] as const;

type Person = Athlete & { label: string };
const people: Person[] = [];
const teamIds: string[] = [];
const memberIds: string[] = [];

async function person(label: string, profile = true): Promise<Person> {
  const a = await makeAthlete(admin, {
    profile,
    name: `Policy ${label}`,
    isPublic: label.length % 2 === 0,
    lookingForTeam: true,
    experienceLevel: "advanced",
  });
  const p = { ...a, label };
  people.push(p);
  return p;
}

beforeAll(async () => {
  for (const teamStatus of teamStatuses) {
    const creator = await person(`c_${teamStatus}`);
    const team = await makeTeam(admin, creator, { name: `Policy ${teamStatus}`, status: teamStatus });
    teamIds.push(team);
    memberIds.push(
      ...(await admin<{ id: string }[]>`select id from public.team_members where team_id = ${team}`).map(
        (r) => r.id,
      ),
    );
    for (const status of memberStatuses)
      memberIds.push(
        await addMember(admin, team, await person(`m_${teamStatus}_${status}`), "runner", status),
      );
  }
  await person("stranger");
  await person("noprofile", false);
});

afterAll(async () => {
  await dropAthletes(admin, people);
  await admin.end();
  await pool().end();
});

/** What the rule allows, evaluated row by row with the per-row helpers. */
async function before(claims: Claims | null) {
  return admin.begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims ?? { role: "anon" })}, true)`;
    const user = claims !== null;
    const teams = await tx<{ id: string }[]>`
      select t.id from public.teams t
      where t.id in ${tx(teamIds)}
        and (t.status in ('open', 'full')
             or (${user} and (t.creator_id = (select auth.uid()) or private.is_team_member(t.id))))`;
    const members = await tx<{ id: string }[]>`
      select m.id from public.team_members m
      where m.id in ${tx(memberIds)}
        and ((m.status = 'active' and exists (
               select 1 from public.teams t where t.id = m.team_id
                 and (t.status in ('open', 'full')
                      or (${user} and (t.creator_id = (select auth.uid()) or private.is_team_member(t.id))))))
             or m.profile_id = (select private.my_profile_id())
             or private.is_team_creator(m.team_id))`;
    return { teams: teams.map((r) => r.id).sort(), members: members.map((r) => r.id).sort() };
  });
}

/** What the viewer sees now, through withRls as the app reads. */
async function now(claims: Claims | null) {
  return withRls(claims, async (tx) => {
    const teams = await tx<{ id: string }[]>`select id from public.teams where id in ${tx(teamIds)}`;
    const members = await tx<{ id: string }[]>`
      select id from public.team_members where id in ${tx(memberIds)}`;
    return { teams: teams.map((r) => r.id).sort(), members: members.map((r) => r.id).sort() };
  });
}

describe("set-based team policies", () => {
  it("show every viewer exactly the teams and member rows the per-row helpers showed", async () => {
    const viewers: (Person | null)[] = [null, ...people];
    for (const viewer of viewers) {
      const claims = viewer ? viewer.claims : null;
      const [was, is] = [await before(claims), await now(claims)];
      expect({ viewer: viewer?.label ?? "visitor", ...is }).toEqual({
        viewer: viewer?.label ?? "visitor",
        ...was,
      });
    }
  });

  it("still hide a closed team from outsiders and show it to its creator and live members", async () => {
    const closed = teamIds[2]!;
    const sees = async (label: string | null) => {
      const p = label ? people.find((x) => x.label === label)! : null;
      return (await now(p ? p.claims : null)).teams.includes(closed);
    };
    expect(await sees(null)).toBe(false);
    expect(await sees("stranger")).toBe(false);
    expect(await sees("m_closed_declined")).toBe(false);
    expect(await sees("m_closed_left")).toBe(false);
    expect(await sees("c_closed")).toBe(true);
    expect(await sees("m_closed_active")).toBe(true);
    expect(await sees("m_closed_pending")).toBe(true);
  });
});

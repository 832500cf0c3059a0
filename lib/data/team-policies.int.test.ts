import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";

// The teams and team_members read policies are set lookups. Who sees which row must be exactly what the
// per-row helpers (private.is_team_member, private.is_team_creator) allowed: this compares both, for every kind of viewer and membership.
// Runs inside `supabase-local --test` (npm run test:integration).
const admin = postgres(process.env.LOCAL_DB_ADMIN_URL ?? "", { max: 2, onnotice: () => {} });
const run = randomUUID().slice(0, 8);
const teamStatuses = ["open", "full", "closed"] as const;
const memberStatuses = ["active", "pending", "declined", "left"] as const;

type Person = { auth: string; profile: string | null; label: string };
const people: Person[] = [];
const teamIds: string[] = [];
const memberIds: string[] = [];

async function person(label: string, withProfile = true): Promise<Person> {
  const auth = randomUUID();
  await admin`insert into auth.users (id, email) values (${auth}, ${`${label}-${run}@example.test`})`;
  let profile: string | null = null;
  if (withProfile) {
    const [row] = await admin<{ id: string }[]>`
      insert into public.profiles (auth_id, username, full_name, location, is_public, looking_for_team, specialty,
                                   experience_level, goals)
      values (${auth}, ${`${label}_${run}`}, ${`Policy ${label}`},
              '{"display_name": "Noosa", "coordinates": [0, 0]}', ${label.length % 2 === 0}, true, 'runner',
              'advanced', 'Race the run leg')
      returning id`;
    profile = row!.id;
  }
  const p = { auth, profile, label };
  people.push(p);
  return p;
}

beforeAll(async () => {
  for (const teamStatus of teamStatuses) {
    const creator = await person(`c_${teamStatus}`);
    const [team] = await admin<{ id: string }[]>`
      insert into public.teams (name, description, creator_id, status, requirements)
      values (${`Policy ${teamStatus} ${run}`}, 'A team for the policy test', ${creator.auth}, ${teamStatus},
              '{"roles": ["runner"], "experience_levels": ["advanced"]}')
      returning id`;
    teamIds.push(team!.id);
    const rows = [{ who: creator, status: "active" }];
    for (const status of memberStatuses)
      rows.push({ who: await person(`m_${teamStatus}_${status}`), status });
    for (const { who, status } of rows) {
      const [m] = await admin<{ id: string }[]>`
        insert into public.team_members (team_id, profile_id, role, status)
        values (${team!.id}, ${who.profile}, 'runner', ${status}) returning id`;
      memberIds.push(m!.id);
    }
  }
  await person("stranger");
  await person("noprofile", false);
});

afterAll(async () => {
  await admin`delete from auth.users where id in ${admin(people.map((p) => p.auth))}`;
  await admin.end();
  await pool().end();
});

const claimsOf = (p: Person): Claims => ({
  sub: p.auth,
  role: "authenticated",
  email: `${p.label}@example.test`,
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
      const claims = viewer ? claimsOf(viewer) : null;
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
      return (await now(p ? claimsOf(p) : null)).teams.includes(closed);
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

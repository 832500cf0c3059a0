import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";

// public.team_roster is executable by anon (hosted Supabase also exposes it through PostgREST). A closed team's
// roster is for its creator, its active members and whoever has a pending request; a visitor's NULL profile
// once made the "not an insider" test NULL and skipped the check. Runs inside `supabase-local --test`.
const admin = postgres(process.env.LOCAL_DB_ADMIN_URL ?? "", { max: 2, onnotice: () => {} });
const run = randomUUID().slice(0, 8);
const users: string[] = [];

type Person = { auth: string; profile: string };

async function person(label: string): Promise<Person> {
  const auth = randomUUID();
  users.push(auth);
  await admin`insert into auth.users (id, email) values (${auth}, ${`${label}-${run}@example.test`})`;
  const [row] = await admin<{ id: string }[]>`
    insert into public.profiles (auth_id, username, full_name, location, is_public, looking_for_team, specialty,
                                 experience_level, goals)
    values (${auth}, ${`${label}_${run}`}, ${`Roster ${label}`},
            '{"display_name": "Noosa", "coordinates": [0, 0]}', true, true, 'runner', 'advanced', 'Race the run leg')
    returning id`;
  return { auth, profile: row!.id };
}

const claims = (p: Person): Claims => ({ sub: p.auth, role: "authenticated", email: "x@example.test" });
type Team = { id: string; creator: Person; member: Person; pending: Person };
const teams: Partial<Record<"open" | "closed", Team>> = {};
let stranger: Person;
let noProfile: string;

async function team(status: "open" | "closed"): Promise<Team> {
  const [creator, member, pending] = await Promise.all(
    ["creator", "member", "pending"].map((label) => person(`${status}_${label}`)),
  );
  const [row] = await admin<{ id: string }[]>`
    insert into public.teams (name, description, creator_id, status, requirements)
    values (${`Roster ${status} ${run}`}, 'A team for the roster test', ${creator!.auth}, ${status},
            '{"roles": ["runner"], "experience_levels": ["advanced"]}')
    returning id`;
  await admin`
    insert into public.team_members (team_id, profile_id, role, status)
    values (${row!.id}, ${creator!.profile}, 'swimmer', 'active'), (${row!.id}, ${member!.profile}, 'cyclist', 'active'),
           (${row!.id}, ${pending!.profile}, 'runner', 'pending')`;
  return { id: row!.id, creator: creator!, member: member!, pending: pending! };
}

beforeAll(async () => {
  stranger = await person("stranger");
  noProfile = randomUUID();
  users.push(noProfile);
  await admin`insert into auth.users (id, email) values (${noProfile}, ${`noprofile-${run}@example.test`})`;
  teams.open = await team("open");
  teams.closed = await team("closed");
});

afterAll(async () => {
  const made = Object.values(teams).map((t) => t.id);
  if (made.length) await admin`delete from public.teams where id in ${admin(made)}`;
  await admin`delete from auth.users where id in ${admin(users)}`;
  await admin.end();
  await pool().end();
});

const roster = (who: Claims | null, id: string) =>
  withRls(who, (tx) => tx<{ profile_id: string }[]>`select profile_id from public.team_roster(${id})`);

const ids = (rows: { profile_id: string }[]) => rows.map((r) => r.profile_id).sort();

describe("public.team_roster of a closed team", () => {
  const t = () => teams.closed!;
  it("answers nothing to a visitor (anon), through withRls and as PostgREST would call it", async () => {
    expect(await roster(null, t().id)).toEqual([]);
    const rows = await admin.begin(async (tx) => {
      await tx`set local role anon`;
      await tx`select set_config('request.jwt.claims', '{"role":"anon"}', true)`;
      return tx`select * from public.team_roster(${t().id})`;
    });
    expect(rows).toEqual([]);
  });

  it("answers nothing to a stranger, with or without a profile", async () => {
    expect(await roster(claims(stranger), t().id)).toEqual([]);
    expect(await roster({ sub: noProfile, role: "authenticated" }, t().id)).toEqual([]);
  });

  it("shows the active members to a member and the creator, and the pending request to the creator", async () => {
    expect(ids(await roster(claims(t().member), t().id))).toEqual(
      [t().creator.profile, t().member.profile].sort(),
    );
    expect(ids(await roster(claims(t().creator), t().id))).toEqual(
      [t().creator.profile, t().member.profile, t().pending.profile].sort(),
    );
    // The requester still sees the team they asked to join, and their own pending row.
    expect(ids(await roster(claims(t().pending), t().id))).toEqual(
      [t().creator.profile, t().member.profile, t().pending.profile].sort(),
    );
  });
});

describe("public.team_roster of an open team", () => {
  const t = () => teams.open!;
  it("shows the active members to everyone, the pending request only to the creator and the requester", async () => {
    const active = [t().creator.profile, t().member.profile].sort();
    expect(ids(await roster(null, t().id))).toEqual(active);
    expect(ids(await roster(claims(stranger), t().id))).toEqual(active);
    expect(ids(await roster(claims(t().member), t().id))).toEqual(active);
    expect(ids(await roster(claims(t().creator), t().id))).toEqual([...active, t().pending.profile].sort());
  });
});

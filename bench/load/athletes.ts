/**
 * The load test's athletes: confirmed accounts with public profiles, in pairs that share a conversation and
 * in relay teams of three (a creator and two accepted members) that share a team chat,
 * each signed in through Auth (a password sign-in per athlete, as in a browser), holding the session
 * cookies a browser would send and the access token its Realtime client joins with.
 */
import { randomUUID } from "node:crypto";
import { createServerClient } from "@supabase/ssr";
import type postgres from "postgres";

export type Athlete = {
  index: number;
  email: string;
  authId: string;
  profileId: string;
  partnerProfileId: string;
  conversationId: string;
  /** The team whose chat the athlete is in ("" for the one or two left over), and its other members. */
  chatTeamId: string;
  chatMates: string[];
  cookie: string;
  accessToken: string;
};

const PASSWORD = "load-test-2026";
const url = () => process.env.NEXT_PUBLIC_SUPABASE_URL!;
const key = () => process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!;

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * `count` athletes (an even number). The first account goes through the Auth admin API; the others are
 * copies of it made in SQL with their own e-mail and the same password hash, because hashing hundreds of
 * passwords would keep the stand-in busy for minutes before the test starts. Each still signs in through Auth.
 */
export async function makeAthletes(sql: postgres.Sql, count: number, log: (s: string) => void) {
  const run = randomUUID().slice(0, 8);
  const email = (i: number) => `load-${run}-${i}@example.test`;
  const service = process.env.LOCAL_SERVICE_ROLE_KEY!;
  const first = await fetch(`${url()}/auth/v1/admin/users`, {
    method: "POST",
    headers: { apikey: service, Authorization: `Bearer ${service}`, "Content-Type": "application/json" },
    body: JSON.stringify({ email: email(0), password: PASSWORD, email_confirm: true }),
  });
  if (!first.ok) throw new Error(`admin create user: ${first.status} ${await first.text()}`);
  const [firstRow] = await sql<{ encrypted_password: string }[]>`
    select encrypted_password from auth.users where email = ${email(0)}`;
  const hash = firstRow!.encrypted_password;
  const emails = Array.from({ length: count - 1 }, (_, i) => email(i + 1));
  await sql`
    with u as (
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                              confirmation_token, recovery_token, email_change_token_new, email_change,
                              raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
      select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', e,
             ${hash}, now(), '', '', '', '', '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb,
             now(), now()
      from unnest(${emails}::text[]) e
      returning id, email)
    insert into auth.identities (provider_id, user_id, identity_data, provider)
    select u.id, u.id, jsonb_build_object('sub', u.id, 'email', u.email, 'email_verified', true,
                                          'phone_verified', false), 'email'
    from u`;
  const users = await sql<{ id: string; email: string }[]>`
    select id, email from auth.users where email like ${`load-${run}-%`}`;
  const byEmail = new Map(users.map((u) => [u.email, u.id]));
  const legs = ["swimmer", "cyclist", "runner"];
  const levels = ["beginner", "intermediate", "advanced"];
  const rows = Array.from({ length: count }, (_, i) => ({
    auth_id: byEmail.get(email(i))!,
    username: `load_${run}_${i}`,
    full_name: `Load Athlete ${i}`,
    location: { display_name: "Noosa Heads", coordinates: [153.09, -26.39] },
    specialty: legs[i % 3]!,
    experience_level: levels[i % 3]!,
    goals: "Race the Noosa relay this year",
    is_public: true,
    looking_for_team: true,
  }));
  const profiles = await sql<{ id: string; auth_id: string }[]>`
    insert into public.profiles ${sql(rows)} returning id, auth_id`;
  const profileOf = new Map(profiles.map((p) => [p.auth_id, p.id]));
  const athletes: Athlete[] = [];
  for (let i = 0; i < count; i++) {
    athletes.push({
      index: i,
      email: email(i),
      authId: byEmail.get(email(i))!,
      profileId: profileOf.get(byEmail.get(email(i))!)!,
      partnerProfileId: "",
      conversationId: "",
      chatTeamId: "",
      chatMates: [],
      cookie: "",
      accessToken: "",
    });
  }
  for (let i = 0; i + 1 < count; i += 2) {
    const a = athletes[i]!;
    const b = athletes[i + 1]!;
    const [row] = await sql<{ id: string }[]>`
      select private.ensure_conversation(${a.profileId}, ${b.profileId}) as id`;
    a.conversationId = b.conversationId = row!.id;
    a.partnerProfileId = b.profileId;
    b.partnerProfileId = a.profileId;
  }
  const teamLegs = ["swimmer", "cyclist", "runner"] as const;
  for (let i = 0; i + 2 < count; i += 3) {
    const group = athletes.slice(i, i + 3);
    const [team] = await sql<{ id: string }[]>`
      insert into public.teams (name, description, creator_id, requirements)
      values (${`Load Relay ${run} ${i / 3 + 1}`}, 'A relay team of the load test', ${group[0]!.authId},
              '{"roles": ["swimmer", "cyclist", "runner"], "experience_levels": ["intermediate"]}')
      returning id`;
    await sql`insert into public.team_members ${sql(
      group.map((m, j) => ({
        team_id: team!.id,
        profile_id: m.profileId,
        role: teamLegs[j]!,
        status: "active",
      })),
    )}`;
    for (const m of group) {
      m.chatTeamId = team!.id;
      m.chatMates = group.filter((x) => x !== m).map((x) => x.profileId);
    }
  }
  log(`${count} athletes made; signing each in through Auth`);
  const started = performance.now();
  await pool(athletes, 4, async (a) => void Object.assign(a, await signIn(a.email)));
  log(`signed in ${count} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return athletes;
}

/** A password sign-in the way the app makes its session cookies (@supabase/ssr), and its access token. */
export async function signIn(email: string): Promise<{ cookie: string; accessToken: string }> {
  const jar = new Map<string, string>();
  const supabase = createServerClient(url(), key(), {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) =>
        cookies.forEach(({ name, value }) => (value ? jar.set(name, value) : jar.delete(name))),
    },
  });
  const { data, error } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.session) throw new Error(`sign-in as ${email} failed: ${error?.message}`);
  return {
    cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
    accessToken: data.session.access_token,
  };
}

export { PASSWORD as LOAD_PASSWORD };

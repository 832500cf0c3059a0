import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { anonClient, subscribe } from "../realtime/test-support.ts";
import { adminClient, plainClient, stackEnv, uniqueEmail } from "../test-support/clients.ts";

// Hosted GoTrue logs in as supabase_auth_admin (owner of the auth schema, search_path auth), not as a
// superuser: a trigger on auth.users runs with that role's rights, and fails sign-up when it lacks them.
const admin = postgres(stackEnv().adminDbUrl, { max: 1, onnotice: () => {} });
const asPostgres = postgres(process.env.LOCAL_DB_POSTGRES_URL!, { max: 1, onnotice: () => {} });
afterAll(() => Promise.all([admin.end(), asPostgres.end()]));

describe("the services' own database roles", () => {
  it("its sessions, Realtime's and Storage's are hosted's roles, not the superuser", async () => {
    // Each service connects when first used: a sign-in, a Realtime join and a Storage call.
    await plainClient().auth.signInWithPassword({ email: "mia@example.com", password: "noosa-demo-2026" });
    const client = anonClient();
    const joined = await subscribe(client, `roles-${Date.now()}`, {
      event: "*",
      schema: "public",
      table: "profiles",
    });
    await plainClient().storage.listBuckets();
    await client.removeChannel(joined.channel);
    const sessions = await admin<{ application_name: string; usename: string }[]>`
      select distinct application_name, usename::text from pg_stat_activity
      where application_name like 'local-%' order by 1, 2`;
    expect(sessions).toEqual([
      { application_name: "local-auth", usename: "supabase_auth_admin" },
      { application_name: "local-realtime", usename: "supabase_realtime_admin" },
      { application_name: "local-realtime-listen", usename: "supabase_realtime_admin" },
      { application_name: "local-storage", usename: "supabase_storage_admin" },
    ]);
  });

  it("a trigger on auth.users that writes a public table fails sign-up as on hosted, until granted", async () => {
    const table = `signup_audit_${Date.now()}`;
    // Made by the app's role, as a migration would: a security invoker function, schema-qualified.
    await asPostgres.unsafe(`
      create table public.${table} (user_id uuid primary key);
      create function public.${table}_record() returns trigger language plpgsql as $$
      begin
        insert into public.${table} (user_id) values (new.id);
        return new;
      end $$;
      create trigger ${table} after insert on auth.users for each row execute function public.${table}_record();`);
    try {
      const email = uniqueEmail("trigger");
      const refused = await plainClient().auth.signUp({ email, password: "correct-horse-1" });
      // A 500 is retryable to supabase-js, whatever the body (hosted's: unexpected_failure).
      expect(refused.error).toMatchObject({
        name: "AuthRetryableFetchError",
        status: 500,
        message: "Database error saving new user",
      });
      const byAdmin = await adminClient().auth.admin.createUser({ email, password: "correct-horse-1" });
      expect(byAdmin.error).toMatchObject({ status: 500, message: "Database error creating new user" });
      expect(await admin`select 1 from auth.users where email = ${email}`).toHaveLength(0);

      // What hosted needs: the table's owner grants Auth's role what the trigger does.
      await asPostgres.unsafe(`grant insert on public.${table} to supabase_auth_admin`);
      const allowed = await plainClient().auth.signUp({ email, password: "correct-horse-1" });
      expect(allowed.error).toBeNull();
      const [row] = await admin.unsafe(
        `select count(*)::int as n from public.${table}
        where user_id = (select id from auth.users where email = $1)`,
        [email],
      );
      expect(row!.n).toBe(1);
    } finally {
      // Dropping a trigger on auth.users needs its owner (on hosted, supautils lets postgres).
      await admin.unsafe(`drop trigger if exists ${table} on auth.users;
        drop function if exists public.${table}_record() cascade; drop table if exists public.${table}`);
    }
  });
});

import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";

// `postgres` as hosted Supabase makes it: what the migrations, the seed and a developer log in as.
const asPostgres = postgres(process.env.LOCAL_DB_POSTGRES_URL!, { max: 1, onnotice: () => {} });
afterAll(() => asPostgres.end());

class Rollback extends Error {}

/** Runs `statements` as `postgres` in a transaction that never commits; resolves to the error, if any. */
async function attempt(statements: string): Promise<{ code?: string; message: string } | null> {
  try {
    await asPostgres.begin(async (tx) => {
      await tx.unsafe(statements);
      throw new Rollback();
    });
  } catch (error) {
    if (error instanceof Rollback) return null;
    return error as { code?: string; message: string };
  }
  return null;
}

describe("postgres, as hosted Supabase makes it", () => {
  it("has hosted's attributes and memberships, and owns neither auth nor realtime", async () => {
    const [role] = await asPostgres`select rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls,
      rolcanlogin, rolinherit from pg_roles where rolname = current_user`;
    expect(role).toEqual({
      rolsuper: false,
      rolcreaterole: true,
      rolcreatedb: true,
      rolreplication: true,
      rolbypassrls: true,
      rolcanlogin: true,
      rolinherit: true,
    });
    const granted = await asPostgres`select r.rolname, m.admin_option from pg_auth_members m
      join pg_roles r on r.oid = m.roleid where m.member = 'postgres'::regrole order by r.rolname`;
    expect(granted.filter((g) => ["anon", "authenticated", "service_role"].includes(g.rolname))).toEqual([
      { rolname: "anon", admin_option: true },
      { rolname: "authenticated", admin_option: true },
      { rolname: "service_role", admin_option: true },
    ]);
    const names = granted.map((g) => g.rolname);
    for (const role of ["pg_read_all_data", "pg_monitor", "pg_signal_backend", "supabase_superuser"])
      expect(names).toContain(role);
    expect(names).not.toContain("supabase_auth_admin");
    const owners = await asPostgres`select nspname, nspowner::regrole::text as owner from pg_namespace
      where nspname in ('auth', 'realtime') order by nspname`;
    expect(owners).toEqual([
      { nspname: "auth", owner: "supabase_auth_admin" },
      { nspname: "realtime", owner: "supabase_realtime_admin" },
    ]);
  });

  it.each([
    ["a table in auth", "create table auth.parity_probe (id int)"],
    ["altering auth.users", "alter table auth.users add column parity_probe int"],
    ["indexing auth.users", "create index parity_probe on auth.users (created_at)"],
    ["dropping auth.users", "drop table auth.users cascade"],
    [
      "replacing auth.uid()",
      "create or replace function auth.uid() returns uuid language sql stable as $$ select null::uuid $$",
    ],
    ["altering realtime.messages", "alter table realtime.messages add column parity_probe int"],
    ["turning off RLS on realtime.messages", "alter table realtime.messages disable row level security"],
    ["indexing realtime.messages", "create index parity_probe on realtime.messages (topic)"],
    ["dropping realtime.messages", "drop table realtime.messages"],
    [
      "replacing realtime.topic()",
      "create or replace function realtime.topic() returns text language sql stable as $$ select 'x' $$",
    ],
    ["granting on realtime.messages", "grant delete on realtime.messages to authenticated"],
    ["revoking on realtime.messages", "revoke insert on realtime.messages from authenticated"],
    ["granting a column of realtime.messages", "grant references (topic) on realtime.messages to anon"],
    ["granting on all tables in realtime", "grant all on all tables in schema realtime to anon"],
    ["revoking on realtime.topic()", "revoke execute on function realtime.topic() from anon"],
    ["granting on the realtime schema", "grant create on schema realtime to authenticated"],
    [
      "changing Realtime's default privileges",
      "alter default privileges for role supabase_realtime_admin in schema realtime grant all on tables to anon",
    ],
    ["a publication for all tables", "create publication parity_probe for all tables"],
    ["set session_replication_role", "set session_replication_role = replica"],
    ["set local session_replication_role", "set local session_replication_role = replica"],
    ["an untrusted extension (plperlu)", "create extension plperlu"],
    ["an untrusted extension (plpython3u)", "create extension plpython3u"],
    ["making itself a superuser", "alter role postgres superuser"],
  ])("refuses %s", async (_what, statement) => {
    const error = await attempt(statement);
    expect(error, statement).not.toBeNull();
    expect(error!.code, `${statement}: ${error!.message}`).toBe("42501");
  });

  it("refuses a GRANT or REVOKE on Realtime's objects with hosted's words (there they change nothing)", async () => {
    expect(await attempt("grant delete on realtime.messages to authenticated")).toMatchObject({
      code: "42501",
      message: 'no privileges were granted for "messages"',
    });
    expect(await attempt("revoke execute on function realtime.topic() from anon")).toMatchObject({
      code: "42501",
      message: 'no privileges could be revoked for "topic"',
    });
    // Its own grants elsewhere are untouched.
    expect(
      await attempt("create table public.parity_grant (id int); grant select on public.parity_grant to anon"),
    ).toBeNull();
  });

  it("may create and drop policies on realtime.messages, as supautils lets it", async () => {
    expect(
      await attempt(`create policy parity_probe on realtime.messages for select to authenticated using (false);
        alter policy parity_probe on realtime.messages using (true);
        drop policy parity_probe on realtime.messages;`),
    ).toBeNull();
  });

  it("may create a trigger on auth.users, and add its own tables to supabase_realtime", async () => {
    expect(
      await attempt(`create function public.parity_probe() returns trigger language plpgsql as $$ begin return new; end $$;
        create trigger parity_probe after insert on auth.users for each row execute function public.parity_probe();
        create table public.parity_probe (id int primary key);
        alter publication supabase_realtime add table public.parity_probe;`),
    ).toBeNull();
  });

  it("reads and writes auth's tables (a seed does) and may create a trusted extension", async () => {
    expect(
      await attempt(`select count(*) from auth.users; update auth.users set updated_at = updated_at where false;
        create extension pg_trgm schema public;`),
    ).toBeNull();
  });
});

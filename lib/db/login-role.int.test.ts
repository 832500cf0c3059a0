import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withRls, withServiceRole } from "@/lib/db";
import { adminSql } from "@/test/fixtures/athletes";

// The app logs in as its own role (DATABASE_URL). Logged in, it must reach nothing: only a transaction of
// withRls or withServiceRole, which sets a role, opens tables and functions, and then only through RLS.
const globalForDb = globalThis as unknown as { __appSql?: postgres.Sql };
let app: postgres.Sql;
let admin: postgres.Sql;

/** What the app asks before it has set a role: whether a token's session is live, and its sign-in throttle. */
const beforeRole = [
  "private.forgive_auth_attempt(uuid)",
  "private.session_is_live(jsonb)",
  "private.take_auth_attempt(jsonb,integer)",
];

beforeAll(() => {
  app = postgres(process.env.DATABASE_URL ?? "", { max: 1, prepare: false, onnotice: () => {} });
  admin = adminSql({ max: 1 });
  globalForDb.__appSql = app;
});

afterAll(async () => {
  delete globalForDb.__appSql;
  await Promise.all([app.end(), admin.end()]);
});

const expectRefused = (query: Promise<unknown>) => expect(query).rejects.toMatchObject({ code: "42501" });

describe("the app's login role", () => {
  it("is no superuser, bypasses no RLS, inherits nothing, and is a member of the three API roles only", async () => {
    const [me] = await app`select current_user as name, r.rolsuper, r.rolbypassrls, r.rolinherit,
        r.rolcreaterole, r.rolcreatedb, r.rolreplication
      from pg_roles r where r.rolname = current_user`;
    expect(me).toEqual({
      name: "noosa_app",
      rolsuper: false,
      rolbypassrls: false,
      rolinherit: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolreplication: false,
    });
    const memberOf = await admin`select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
      where m.member = 'noosa_app'::regrole order by r.rolname`;
    expect(memberOf.map((r) => r.rolname)).toEqual(["anon", "authenticated", "service_role"]);
  });

  it("can read, write or lock no table, view or sequence in any schema until a role is set", async () => {
    const open = await admin`select c.oid::regclass::text as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
        and has_schema_privilege('noosa_app', n.oid, 'usage')
        and (case when c.relkind = 'S' then has_sequence_privilege('noosa_app', c.oid, 'usage, select, update')
             else has_table_privilege('noosa_app', c.oid, 'select, insert, update, delete, truncate, references, trigger') end)`;
    expect(open.map((r) => r.name)).toEqual([]);
    // And in practice: the rows a query that forgot withRls would have leaked.
    await expectRefused(app`select count(*) from public.profiles`);
    await expectRefused(app`select count(*) from auth.users`);
    await expectRefused(app`select count(*) from private.moderators`);
    await expectRefused(
      app`insert into public.profiles (auth_id, username, full_name) values (gen_random_uuid(), 'x', 'x')`,
    );
  });

  it("can execute no function of the project, Auth or Realtime until a role is set, but what it asks first", async () => {
    const callable = await admin`select p.oid::regprocedure::text as name from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
        and has_schema_privilege('noosa_app', n.oid, 'usage')
        and has_function_privilege('noosa_app', p.oid, 'execute')
      order by 1`;
    expect(callable.map((r) => r.name)).toEqual(beforeRole);
    await expectRefused(app`select public.team_roster(gen_random_uuid())`);
    await expectRefused(app`select auth.uid()`);
  });

  it("reaches tables through RLS once withRls sets a role, and the worker's functions under withServiceRole", async () => {
    const publicProfiles = await withRls(null, (tx) => tx`select count(*)::int as n from public.profiles`);
    const direct = await admin`select count(*)::int as n from public.profiles where is_public`;
    expect(publicProfiles[0]!.n).toBe(direct[0]!.n);
    const total = await admin`select count(*)::int as n from public.profiles`;
    expect(total[0]!.n).toBeGreaterThan(direct[0]!.n);
    await expectRefused(withRls(null, (tx) => tx`select count(*) from auth.users`));
    const role = await withServiceRole((tx) => tx`select current_user as name`);
    expect(role[0]!.name).toBe("service_role");
    // And the same connection is closed again after the transaction.
    await expectRefused(app`select count(*) from public.profiles`);
  });
});

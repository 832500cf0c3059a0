import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stackEnv } from "../test-support/clients.ts";
import { readCatalog } from "./catalog.ts";
import { applyBootstrap, applyMigrations, applySeed } from "./setup.ts";

// A kept --dev database runs bootstrap.sql again whenever the file changed since its last start, on top of
// what the migrations did since. Here on a database of its own in the stack's cluster, so nothing the
// re-run might grant reaches the other suites.
const dbName = `bootstrap_rerun_${Date.now()}`;
const admin = postgres(stackEnv().adminDbUrl, { max: 1, onnotice: () => {} });
const urlOf = (base: string) => {
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  return url.toString();
};
let scratch: postgres.Sql;
let asPostgres: postgres.Sql;

beforeAll(async () => {
  await admin.unsafe(`create database ${dbName}`);
  // What hosted gives `postgres` on its database (bootstrap.sql does it for the stack's own).
  await admin.unsafe(`grant all on database ${dbName} to postgres`);
  scratch = postgres(urlOf(stackEnv().adminDbUrl), { max: 1, onnotice: () => {} });
  asPostgres = postgres(urlOf(process.env.LOCAL_DB_POSTGRES_URL!), { max: 1, onnotice: () => {} });
  await applyBootstrap(scratch);
  await applyMigrations(asPostgres);
  await applySeed(asPostgres);
}, 120_000);

afterAll(async () => {
  await Promise.all([scratch?.end(), asPostgres?.end()]);
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

/** What anon and authenticated may do on every table, sequence and routine of public. */
async function apiRolePrivileges(sql: postgres.Sql) {
  return sql`
    select r.role, c.relname as object,
      array_remove(array[
        case when has_table_privilege(r.role, c.oid, 'select') then 'select' end,
        case when has_table_privilege(r.role, c.oid, 'insert') then 'insert' end,
        case when has_table_privilege(r.role, c.oid, 'update') then 'update' end,
        case when has_table_privilege(r.role, c.oid, 'delete') then 'delete' end,
        case when has_table_privilege(r.role, c.oid, 'truncate') then 'truncate' end,
        case when has_any_column_privilege(r.role, c.oid, 'select') then 'select (some columns)' end], null) as privileges
    from pg_class c, (values ('anon'), ('authenticated')) r(role)
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
    union all
    select r.role, p.oid::regprocedure::text, array[has_function_privilege(r.role, p.oid, 'execute')::text]
    from pg_proc p, (values ('anon'), ('authenticated')) r(role)
    where p.pronamespace = 'public'::regnamespace
    order by 1, 2`;
}

async function anonReadsEmails(sql: postgres.Sql) {
  return sql
    .begin(async (tx) => {
      await tx`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`;
      return (await tx`select email from public.profiles where email <> ''`).length;
    })
    .catch((error: { code?: string }) => (error.code === "42501" ? "refused" : Promise.reject(error)));
}

describe("bootstrap.sql run again on a migrated database", () => {
  it("leaves every grant, default privilege and role as the migrations made them", async () => {
    const catalogBefore = await readCatalog(scratch);
    const privilegesBefore = await apiRolePrivileges(scratch);
    expect(await anonReadsEmails(scratch)).toBe("refused");

    // As after an edit of bootstrap.sql: its recorded hash no longer matches, so the next start re-runs it.
    await scratch`update supabase_local.bootstrap set hash = 'changed'`;
    expect(await applyBootstrap(scratch)).toBe("applied");

    expect(await apiRolePrivileges(scratch)).toEqual(privilegesBefore);
    expect(await anonReadsEmails(scratch)).toBe("refused");
    const catalogAfter = await readCatalog(scratch);
    const changed = [...new Set([...catalogBefore.keys(), ...catalogAfter.keys()])]
      .filter((key) => catalogBefore.get(key) !== catalogAfter.get(key))
      .map((key) => `${catalogBefore.get(key) ?? "(none)"} -> ${catalogAfter.get(key) ?? "(none)"}`);
    expect(changed).toEqual([]);
  });
});

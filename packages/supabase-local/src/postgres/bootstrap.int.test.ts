import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { createConfirmedUser, stackEnv } from "../test-support/clients.ts";
import { applyMigrations } from "./setup.ts";

const admin = postgres(stackEnv().adminDbUrl, { max: 2, onnotice: () => {} });
// The app's login role, exactly as lib/db connects (DATABASE_URL).
const app = postgres(process.env.DATABASE_URL!, { max: 2, prepare: false, onnotice: () => {} });
afterAll(() => Promise.all([admin.end(), app.end()]));

/** lib/db withRls, reproduced: role + claims are transaction-local. */
function withRls<T>(claims: Record<string, unknown> | null, fn: (tx: postgres.TransactionSql) => Promise<T>) {
  const role = claims?.role === "authenticated" ? "authenticated" : "anon";
  return app.begin(async (tx) => {
    await tx`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${JSON.stringify(claims ?? { role: "anon" })}, true)`;
    return fn(tx);
  }) as Promise<T>;
}

describe("bootstrap", () => {
  it("has Supabase's roles, auth functions and the empty supabase_realtime publication", async () => {
    const roles = await admin`select rolname, rolcanlogin, rolbypassrls, rolinherit from pg_roles
      where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`;
    expect(roles.map((r) => [r.rolname, r.rolcanlogin, r.rolbypassrls])).toEqual([
      ["anon", false, false],
      ["authenticated", false, false],
      ["authenticator", true, false],
      ["service_role", false, true],
    ]);
    expect(roles.find((r) => r.rolname === "authenticator")?.rolinherit).toBe(false);
    const [pub] =
      await admin`select count(*)::int as n from pg_publication where pubname = 'supabase_realtime'`;
    expect(pub!.n).toBe(1);
  });

  it("auth.uid()/role()/jwt() follow the request claims under the RLS transaction pattern, and are empty after COMMIT", async () => {
    const table = `rls_probe_${Date.now()}`;
    await admin.unsafe(`create table public.${table} (id serial primary key, owner uuid not null default auth.uid(), note text);
      alter table public.${table} enable row level security;
      create policy own_rows on public.${table} for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());`);
    const alice = await createConfirmedUser();
    const bob = await createConfirmedUser();
    const claims = (u: { id: string; email: string }) => ({
      sub: u.id,
      role: "authenticated",
      email: u.email,
    });
    const seen = await withRls(claims(alice), async (tx) => {
      await tx.unsafe(`insert into public.${table} (note) values ('alice')`);
      return tx`select auth.uid() as uid, auth.role() as role, auth.jwt() ->> 'email' as email`;
    });
    expect(seen[0]).toEqual({ uid: alice.id, role: "authenticated", email: alice.email });
    await withRls(claims(bob), (tx) => tx.unsafe(`insert into public.${table} (note) values ('bob')`));
    const aliceRows = await withRls(claims(alice), (tx) => tx.unsafe(`select note from public.${table}`));
    expect(aliceRows.map((r) => r.note)).toEqual(["alice"]);
    expect(await withRls(null, (tx) => tx.unsafe(`select note from public.${table}`))).toHaveLength(0);
    const forged = withRls(claims(alice), (tx) =>
      tx.unsafe(`insert into public.${table} (owner, note) values ('${bob.id}', 'forged')`),
    );
    await expect(forged).rejects.toMatchObject({ code: "42501" });
    // Same pooled connection after COMMIT: no user leaks into the next query.
    const after =
      await app`select current_setting('request.jwt.claims', true) as claims, current_user as role`;
    expect(after[0]).toEqual({ claims: "", role: "noosa_app" });
    const anonUid = await withRls(null, (tx) => tx`select auth.uid() as uid`);
    expect(anonUid[0]).toEqual({ uid: null });
    const authUsers = withRls(claims(alice), (tx) => tx`select count(*) from auth.users`);
    await expect(authUsers).rejects.toMatchObject({ code: "42501" });
  });
});

describe("migration runner", () => {
  it("applies each file once, in name order, recorded; a failing file rolls back and is named", async () => {
    const dbName = `migrations_probe_${Date.now()}`;
    await admin.unsafe(`create database ${dbName}`);
    const url = new URL(stackEnv().adminDbUrl);
    url.pathname = `/${dbName}`;
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
      writeFileSync(path.join(dir, "20260101000000_first.sql"), "create table t (id int primary key);");
      writeFileSync(path.join(dir, "20260102000000_second.sql"), "insert into t values (1);");
      expect(await applyMigrations(sql, dir)).toEqual([
        "20260101000000_first.sql",
        "20260102000000_second.sql",
      ]);
      expect(await applyMigrations(sql, dir)).toEqual([]);
      const rows =
        await sql`select version, name from supabase_migrations.schema_migrations order by version`;
      expect(rows.map((r) => `${r.version}_${r.name}`)).toEqual([
        "20260101000000_first",
        "20260102000000_second",
      ]);
      expect((await sql`select count(*)::int as n from t`)[0]!.n).toBe(1);
      writeFileSync(
        path.join(dir, "20260103000000_broken.sql"),
        "insert into t values (2);\nselect nope from nowhere;",
      );
      await expect(applyMigrations(sql, dir)).rejects.toThrow(
        /20260103000000_broken\.sql failed \(line 2\): relation "nowhere" does not exist/,
      );
      expect((await sql`select count(*)::int as n from t`)[0]!.n).toBe(1);
    } finally {
      await sql.end();
      await admin.unsafe(`drop database ${dbName} with (force)`);
    }
  });

  it("refuses a database that has migrations the folder no longer has (folded away), naming --reset", async () => {
    const dbName = `migrations_folded_${Date.now()}`;
    await admin.unsafe(`create database ${dbName}`);
    const url = new URL(stackEnv().adminDbUrl);
    url.pathname = `/${dbName}`;
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
      writeFileSync(path.join(dir, "20260101000000_first.sql"), "create table t (id int primary key);");
      await applyMigrations(sql, dir);
      rmSync(path.join(dir, "20260101000000_first.sql"));
      writeFileSync(path.join(dir, "20260101000001_folded.sql"), "create table t (id int primary key);");
      await expect(applyMigrations(sql, dir)).rejects.toThrow(
        /no longer has \(20260101000000\)\. Start once with --reset/,
      );
      const rows = await sql`select version from supabase_migrations.schema_migrations`;
      expect(rows.map((r) => r.version)).toEqual(["20260101000000"]);
    } finally {
      await sql.end();
      await admin.unsafe(`drop database ${dbName} with (force)`);
    }
  });

  it("the stack's own database already has every migration in supabase/migrations", async () => {
    expect(await applyMigrations(admin)).toEqual([]);
  });
});

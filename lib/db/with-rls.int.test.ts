import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withRls, type Claims } from "@/lib/db";

// Runs inside `supabase-local --test` (npm run test:integration), which provides DATABASE_URL.
// One connection only, so "after the transaction" is provably the same pooled connection.
const globalForDb = globalThis as unknown as { __appSql?: postgres.Sql };
let single: postgres.Sql;

type Settings = { role: string; claims: string | null; uid: string | null; pid: number };
// auth.uid() reads the claims the way RLS policies do; it exists for the API roles only, so the
// login role (outside a withRls transaction) reports the raw setting instead.
const readSettings = (sql: postgres.Sql | postgres.TransactionSql, withUid = true) =>
  sql<Settings[]>`
    select current_user as role,
           nullif(current_setting('request.jwt.claims', true), '') as claims,
           ${withUid ? sql`auth.uid()::text` : sql`nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'`} as uid,
           pg_backend_pid() as pid`.then((rows) => rows[0]!);

const claims: Claims = {
  sub: randomUUID(),
  role: "authenticated",
  email: "rls-test@example.test",
  aud: "authenticated",
};

beforeAll(() => {
  single = postgres(process.env.DATABASE_URL ?? "", { max: 1, prepare: false, onnotice: () => {} });
  globalForDb.__appSql = single;
});

afterAll(async () => {
  delete globalForDb.__appSql;
  await single.end();
});

describe("withRls", () => {
  it("sets role authenticated and the verified claims inside the transaction", async () => {
    const inside = await withRls(claims, (tx) => readSettings(tx));
    expect(inside.role).toBe("authenticated");
    expect(JSON.parse(inside.claims ?? "null")).toEqual(claims);
    expect(inside.uid).toBe(claims.sub);
  });

  it("leaves nothing behind on the same pooled connection after COMMIT", async () => {
    const inside = await withRls(claims, (tx) => readSettings(tx));
    const after = await readSettings(single, false);
    expect(after.pid).toBe(inside.pid);
    expect(after.role).toBe("noosa_app");
    expect(after.claims).toBeNull();
    expect(after.uid).toBeNull();
  });

  it("leaves nothing behind after a ROLLBACK either", async () => {
    let pid = 0;
    await expect(
      withRls(claims, async (tx) => {
        pid = (await readSettings(tx)).pid;
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const after = await readSettings(single, false);
    expect(after.pid).toBe(pid);
    expect(after.role).toBe("noosa_app");
    expect(after.claims).toBeNull();
  });

  it("runs a signed-out visitor as anon with no user id", async () => {
    const inside = await withRls(null, (tx) => readSettings(tx));
    expect(inside.role).toBe("anon");
    expect(JSON.parse(inside.claims ?? "null")).toEqual({ role: "anon" });
    expect(inside.uid).toBeNull();
  });

  it("never grants a role the claims merely name (only authenticated is honoured)", async () => {
    const forged = { ...claims, role: "service_role" };
    const inside = await withRls(forged, (tx) => readSettings(tx));
    expect(inside.role).toBe("anon");
  });

  it("keeps concurrent users apart: each transaction sees only its own claims", async () => {
    const other: Claims = { ...claims, sub: randomUUID(), email: "other@example.test" };
    const [a, b] = await Promise.all([
      withRls(claims, (tx) => readSettings(tx)),
      withRls(other, (tx) => readSettings(tx)),
    ]);
    expect(a.uid).toBe(claims.sub);
    expect(b.uid).toBe(other.sub);
  });

  it("cannot be escaped with set role from inside (RLS roles are NOINHERIT, not superusers)", async () => {
    const attempt = withRls(null, (tx) => tx`set local role postgres`);
    await expect(attempt).rejects.toMatchObject({ code: "42501" });
  });
});

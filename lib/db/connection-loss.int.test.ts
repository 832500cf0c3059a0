import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { poolOptions, withRls } from "@/lib/db";
import { isDbUnavailable } from "@/lib/db/unavailable";
import { adminSql } from "@/test/fixtures/athletes";

// A connection that dies inside a transaction (Postgres restarting under load) must fail that
// transaction only: the next transaction on the same pool slot runs normally, with its own writes. Seen
// under `npm run load` before postgres.js was patched (patches/postgres+3.4.9.patch): the slot hung until
// connect_timeout, and a dead transaction's late ROLLBACK ran inside the next one, whose COMMIT still
// answered, so a write was acknowledged and not stored. One pooled connection, so the slot is provably
// the same; the app's own pool settings otherwise.
const APP = `conn-loss-${randomUUID().slice(0, 8)}`;
const globalForDb = globalThis as unknown as { __appSql?: postgres.Sql };
let single: postgres.Sql;
let admin: postgres.Sql;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Terminates this test pool's backends (what a fast shutdown does to every connection). */
const killPool = () =>
  admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${APP}`;
const stored = async (tag: string) =>
  (await admin<{ n: number }[]>`select count(*)::int as n from public.db_conn_loss where tag = ${tag}`)[0]!.n;

beforeAll(async () => {
  admin = adminSql({ max: 1 });
  await admin.unsafe(`
    create table if not exists public.db_conn_loss (tag text not null);
    grant select, insert on public.db_conn_loss to anon;`);
  single = postgres(process.env.DATABASE_URL ?? "", {
    ...poolOptions,
    max: 1,
    onnotice: () => {},
    connection: { application_name: APP },
  });
  globalForDb.__appSql = single;
});

afterEach(async () => {
  await admin`delete from public.db_conn_loss`;
});

afterAll(async () => {
  await single?.end({ timeout: 1 });
  globalForDb.__appSql = undefined;
  await admin?.unsafe(`drop table if exists public.db_conn_loss`);
  await admin?.end();
});

describe("a connection lost inside a transaction", () => {
  it("fails that transaction as unavailable, and the next one on the slot commits", async () => {
    const first = withRls(null, async (tx) => {
      await tx`insert into public.db_conn_loss (tag) values ('first')`;
      await tx`select pg_sleep(2)`;
    }).catch((error: unknown) => error);
    await sleep(150);
    // Waits for the only connection, and gets it once the first one's is gone.
    const second = withRls(null, (tx) => tx`insert into public.db_conn_loss (tag) values ('second')`).then(
      () => "ok",
      (error: unknown) => error,
    );
    await sleep(100);
    await killPool();
    expect(isDbUnavailable(await first)).toBe(true);
    expect(await second).toBe("ok");
    expect(await stored("first")).toBe(0);
    expect(await stored("second")).toBe(1);
    // And the slot goes on working.
    expect(await withRls(null, (tx) => tx`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it("never runs a dead transaction's late query or ROLLBACK inside the next transaction", async () => {
    const first = withRls(null, async (tx) => {
      await tx`insert into public.db_conn_loss (tag) values ('dead')`;
      // Work outside the database while the connection dies: the callback goes on afterwards.
      await sleep(500);
      await tx`insert into public.db_conn_loss (tag) values ('late')`;
    }).catch((error: unknown) => error);
    await sleep(100);
    const second = withRls(null, async (tx) => {
      await tx`insert into public.db_conn_loss (tag) values ('acked')`;
      await sleep(800);
      return (
        await tx<{ n: number }[]>`select count(*)::int as n from public.db_conn_loss where tag = 'acked'`
      )[0]!.n;
    }).then(
      (n) => ({ ok: true, n }),
      (error: unknown) => ({ ok: false, error }),
    );
    await sleep(100);
    await killPool();
    expect(isDbUnavailable(await first)).toBe(true);
    // Acknowledged means stored: its own row visible inside, committed after.
    expect(await second).toEqual({ ok: true, n: 1 });
    expect(await stored("acked")).toBe(1);
    expect(await stored("late")).toBe(0);
    expect(await stored("dead")).toBe(0);
  });
});

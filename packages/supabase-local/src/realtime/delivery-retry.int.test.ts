import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type postgres from "postgres";
import { adminSql, eventually, signedInUser, subscribe } from "./test-support.ts";

// A change whose delivery fails because the database connection died under it (what a Postgres restart
// under load does between reading a change and checking who may see it) is delivered once it can be,
// not dropped. The visibility check is held on a lock (the policy reads a gate table the test locks), so
// the stand-in's connection can be killed at exactly that moment.
const TABLE = "rt_test_gated";
let sql: postgres.Sql;
let alice: Awaited<ReturnType<typeof signedInUser>>;

/** Kills the stand-in's connections waiting on the gate's lock, once one is there; how many. */
async function killWaitingChecks(): Promise<number> {
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    const rows = await sql<{ ok: boolean }[]>`
      select pg_terminate_backend(pid) as ok from pg_stat_activity
      where application_name = 'local-realtime' and wait_event_type = 'Lock'`;
    if (rows.length > 0) return rows.length;
    await new Promise((r) => setTimeout(r, 20));
  }
  return 0;
}

beforeAll(async () => {
  sql = adminSql();
  await sql.unsafe(`
    drop table if exists public.rt_test_gated;
    drop table if exists public.rt_test_gate;
    create table public.rt_test_gate (x int);
    grant select on public.rt_test_gate to authenticated;
    create table public.rt_test_gated (
      id bigint generated always as identity primary key, owner uuid not null, body text not null);
    alter table public.rt_test_gated enable row level security;
    create policy rt_test_gated_own on public.rt_test_gated for select to authenticated
      using (owner = auth.uid() and (select count(*) from public.rt_test_gate) >= 0);
    grant select on public.rt_test_gated to authenticated;
    alter publication supabase_realtime add table public.rt_test_gated;`);
  alice = await signedInUser();
});

afterAll(async () => {
  await alice?.client.removeAllChannels();
  alice?.client.realtime.disconnect();
  await sql?.unsafe(`alter publication supabase_realtime drop table public.rt_test_gated`).catch(() => {});
  await sql?.unsafe(`drop table if exists public.rt_test_gated; drop table if exists public.rt_test_gate`);
  await sql?.end();
});

describe("a change whose delivery fails as the database connection dies", () => {
  it("is delivered once the database answers again, and only once", async () => {
    const sub = await subscribe(alice.client, "rt-gated", {
      event: "INSERT",
      schema: "public",
      table: TABLE,
    });
    const gate = await sql.reserve();
    try {
      await gate`begin`;
      await gate`lock table public.rt_test_gate in access exclusive mode`;
      const [row] = await sql<{ id: string }[]>`
        insert into public.rt_test_gated (owner, body) values (${alice.id}, 'through the restart') returning id`;
      // The fast check, then the generic one it falls back to: both die under the delivery.
      expect(await killWaitingChecks()).toBeGreaterThan(0);
      expect(await killWaitingChecks()).toBeGreaterThan(0);
      expect(sub.received).toHaveLength(0);
      await gate`commit`;
      await eventually(() => sub.received.length > 0, 5000, "the change after the failed delivery");
      await new Promise((r) => setTimeout(r, 500));
      expect(sub.received.map((p) => String(p.new.id))).toEqual([row!.id]);
    } finally {
      await gate`rollback`.catch(() => {});
      gate.release();
    }
  });
});

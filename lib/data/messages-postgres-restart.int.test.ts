import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls } from "@/lib/db";
import { insertMessage } from "./messages";
import { eventually, restartPostgres, subscribe } from "@noosa-tri/supabase-local/test-support";
import { adminSql, signedInAthlete, type SignedInAthlete } from "@/test/fixtures/athletes";

// Postgres restarts under a live conversation: the Realtime stand-in reconnects by itself and every
// message committed before, during (while its LISTEN is down) and after reaches both people once.
let admin = adminSql();
type User = SignedInAthlete;
let alice: User, bob: User;
let conversationId = "";

const withProfile = (name: string): Promise<User> =>
  signedInAthlete(admin, { name, specialty: "swimmer", avatar: false });

const spec = () => ({
  event: "INSERT" as const,
  schema: "public",
  table: "messages",
  filter: `conversation_id=eq.${conversationId}`,
});

async function send(from: User, content: string): Promise<string> {
  const id = randomUUID();
  await withRls({ sub: from.id, role: "authenticated" }, (tx) =>
    insertMessage(tx, { id, conversationId, senderId: from.profileId, content }),
  );
  return id;
}

beforeAll(async () => {
  alice = await withProfile("Alice Restart");
  bob = await withProfile("Bob Restart");
  const [row] = await admin<{ id: string }[]>`
    select private.ensure_conversation(${alice.profileId}, ${bob.profileId}) as id`;
  conversationId = row!.id;
});
afterAll(async () => {
  for (const u of [alice, bob]) await u?.client.removeAllChannels();
  await admin`delete from auth.users where id in ${admin([alice.id, bob.id])}`;
  await admin.end();
  await pool().end();
});

describe("Realtime across a Postgres restart", () => {
  it("delivers messages committed before, while the stand-in reconnects, and after, once each", async () => {
    const toAlice = await subscribe(alice.client, `restart-a-${randomUUID()}`, spec());
    const toBob = await subscribe(bob.client, `restart-b-${randomUUID()}`, spec());
    const sent = [await send(alice, "before 1"), await send(bob, "before 2")];
    await eventually(() => toBob.received.length === 2 && toAlice.received.length === 2, 5000, "before");

    await restartPostgres(800);
    await admin.end({ timeout: 1 }).catch(() => {});
    admin = adminSql();
    const back = Date.now();
    // Right away: the stand-in's LISTEN is most likely still reconnecting, so these lose their NOTIFY.
    sent.push(await send(bob, "during 1"), await send(alice, "during 2"));
    // And once more with the LISTEN connection killed under it: committed while nobody listens.
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'local-realtime-listen'`;
    sent.push(await send(alice, "during 3"));
    sent.push(await send(bob, "after 1"), await send(alice, "after 2"));

    for (const [who, got] of [
      ["Alice", toAlice],
      ["Bob", toBob],
    ] as const) {
      await eventually(() => got.received.length >= sent.length, 5000, `${who}'s messages`);
    }
    expect(Date.now() - back).toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 300));
    for (const got of [toAlice, toBob]) {
      expect(got.received.map((p) => p.new.id)).toEqual(sent);
    }
  });

  it("makes clients rejoin (and so catch up) when the change queue itself was lost", async () => {
    const live = await subscribe(bob.client, `restart-lost-${randomUUID()}`, spec());
    // Alice sent four messages a moment ago: move them out of the 5-in-10-s sending limit (docs/security.md#rate-limits).
    await admin`update public.messages set created_at = created_at - interval '1 minute'
      where conversation_id = ${conversationId}`;
    await send(alice, "seen before the loss");
    await eventually(() => live.received.length === 1, 5000, "first message");
    // What crash recovery does to the unlogged queue: emptied, its id sequence back at the start.
    await admin.begin(async (tx) => {
      await tx`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'local-realtime-listen'`;
      await tx`truncate _local_realtime.changes restart identity`;
    });
    await eventually(() => live.statuses.filter((s) => s === "SUBSCRIBED").length >= 2, 8000, "rejoin");
    expect(live.system.some((s) => s.status === "error")).toBe(true);
    const id = await send(alice, "after the rejoin");
    await eventually(() => live.received.some((p) => p.new.id === id), 5000, "message after rejoin");
  });

  it("the fault switches need the service_role key and a sane down_ms", async () => {
    const base = process.env.NEXT_PUBLIC_SUPABASE_URL!;
    const key = process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!;
    for (const path of ["/__local/restart-postgres", "/__local/drop-realtime"]) {
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { apikey: key, authorization: `Bearer ${bob.token}`, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(403);
    }
    await expect(restartPostgres(60_000)).rejects.toThrow(/400/);
  });
});

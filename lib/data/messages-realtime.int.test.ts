import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls } from "@/lib/db";
import { insertMessage } from "./messages";
import { inboxFilters } from "@/lib/conversations/inbox-filters";
import { anonClient, eventually, subscribe } from "@noosa-tri/supabase-local/test-support";
import { adminSql, signedInAthlete, type SignedInAthlete } from "@/test/fixtures/athletes";

// Live messages through supabase-js against the local stack, as the browser hook subscribes to them.
const admin = adminSql();
type User = SignedInAthlete;
let alice: User, bob: User, eve: User;
let conversationId = "";

const withProfile = (name: string): Promise<User> =>
  signedInAthlete(admin, { name, specialty: "swimmer", avatar: false });

const claims = (u: User) => ({ sub: u.id, role: "authenticated" });
const spec = () => ({
  event: "INSERT" as const,
  schema: "public",
  table: "messages",
  filter: `conversation_id=eq.${conversationId}`,
});

beforeAll(async () => {
  alice = await withProfile("Alice Realtime");
  bob = await withProfile("Bob Realtime");
  eve = await withProfile("Eve Realtime");
  const [row] = await admin<{ id: string }[]>`
    select private.ensure_conversation(${alice.profileId}, ${bob.profileId}) as id`;
  conversationId = row!.id;
});
afterAll(async () => {
  for (const u of [alice, bob, eve]) await u?.client.removeAllChannels();
  await admin`delete from auth.users where id in ${admin([alice.id, bob.id, eve.id])}`;
  await admin.end();
  await pool().end();
});

describe("messages over Realtime", () => {
  it("reach the participants and never a third athlete or a visitor subscribed to the same filter", async () => {
    const toBob = await subscribe(bob.client, `thread-bob-${randomUUID()}`, spec());
    const toEve = await subscribe(eve.client, `thread-eve-${randomUUID()}`, spec());
    const visitor = anonClient();
    const toAnon = await subscribe(visitor, `thread-anon-${randomUUID()}`, spec());
    const id = randomUUID();
    await withRls(claims(alice), (tx) =>
      insertMessage(tx, { id, conversationId, senderId: alice.profileId, content: "For Bob only" }),
    );
    await eventually(() => toBob.received.length === 1, 5000, "Bob's copy");
    expect(toBob.received[0]!.new).toMatchObject({ id, content: "For Bob only", read: false });
    // Eve's client is live (her own conversation with Alice reaches her), yet nothing of Alice and Bob's.
    const [own] = await admin<{ id: string }[]>`
      select private.ensure_conversation(${alice.profileId}, ${eve.profileId}) as id`;
    const evesOwn = await subscribe(eve.client, `thread-eve-own-${randomUUID()}`, {
      ...spec(),
      filter: `conversation_id=eq.${own!.id}`,
    });
    await withRls(claims(alice), (tx) =>
      insertMessage(tx, {
        id: randomUUID(),
        conversationId: own!.id,
        senderId: alice.profileId,
        content: "Hi Eve",
      }),
    );
    await eventually(() => evesOwn.received.length === 1, 5000, "Eve's own message");
    await new Promise((r) => setTimeout(r, 300));
    expect(toEve.received).toHaveLength(0);
    expect(toAnon.received).toHaveLength(0);
    await visitor.removeAllChannels();
  });

  it("reach each side's inbox through its filters: the recipient's, the sender's other tabs, nobody else", async () => {
    // The live inbox's bindings (lib/conversations/inbox.ts): routing by recipient_id / sender_id, which the
    // database fills in (messages.recipient_id, supabase/migrations/*_messaging.sql); RLS still applies on top.
    const inbox = (u: User) => inboxFilters(u.profileId).map((filter) => ({ ...spec(), filter }));
    const bobs = await subscribe(bob.client, `inbox-bob-${randomUUID()}`, inbox(bob));
    const alices = await subscribe(alice.client, `inbox-alice-${randomUUID()}`, inbox(alice));
    const eves = await subscribe(eve.client, `inbox-eve-${randomUUID()}`, inbox(eve));
    const id = randomUUID();
    await withRls(claims(alice), (tx) =>
      insertMessage(tx, { id, conversationId, senderId: alice.profileId, content: "Inbox routing" }),
    );
    await eventually(() => bobs.received.length === 1 && alices.received.length === 1, 5000, "both inboxes");
    expect(bobs.received[0]!.new).toMatchObject({
      id,
      sender_id: alice.profileId,
      recipient_id: bob.profileId,
    });
    expect(alices.received[0]!.new).toMatchObject({ id });
    await new Promise((r) => setTimeout(r, 300));
    expect(bobs.received).toHaveLength(1);
    expect(eves.received).toHaveLength(0);
  });

  it("name the recipient from the conversation, whatever the writer says", async () => {
    // The column is not the writer's to set: the insert grant leaves it out...
    await expect(
      withRls(
        claims(alice),
        (tx) => tx`
        insert into public.messages (conversation_id, sender_id, recipient_id, content)
        values (${conversationId}, ${alice.profileId}, ${eve.profileId}, 'Misrouted')`,
      ),
    ).rejects.toThrow(/permission denied/);
    // ...and a job writing as the owner gets the other participant anyway.
    const [row] = await admin<{ recipient_id: string }[]>`
      insert into public.messages (conversation_id, sender_id, recipient_id, content)
      values (${conversationId}, ${bob.profileId}, ${eve.profileId}, 'From Bob') returning recipient_id`;
    expect(row!.recipient_id).toBe(alice.profileId);
  });

  it("delivers fifty parallel sends once each", async () => {
    const live = await subscribe(bob.client, `thread-burst-${randomUUID()}`, spec());
    const ids = Array.from({ length: 50 }, () => randomUUID());
    // Fifty commits at once, each in its own transaction, written as a server job would (no signed-in
    // sender): an athlete may send only 5 in 10 s (docs/security.md#rate-limits, lib/actions/message-rate.int.test.ts).
    const writer = postgres(process.env.LOCAL_DB_ADMIN_URL ?? "", { max: 10, onnotice: () => {} });
    await Promise.all(
      ids.map((id, i) => {
        const from = i % 2 ? alice : bob;
        return writer.begin((tx) =>
          insertMessage(tx, { id, conversationId, senderId: from.profileId, content: `burst ${i}` }),
        );
      }),
    );
    await writer.end();
    // Only the burst's own rows: under load a change committed by the test before this one can still be on
    // its way to the new subscription, and it is not a second delivery of any of these.
    const burst = new Set<string>(ids);
    const received = () => live.received.map((r) => r.new.id as string).filter((id) => burst.has(id));
    await eventually(() => received().length >= 50, 10_000, "fifty messages");
    await new Promise((r) => setTimeout(r, 300));
    const got = received();
    expect(got).toHaveLength(50);
    expect(new Set(got)).toEqual(new Set(ids));
  });
});

import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import { listConversations } from "@/lib/data/conversations";
import { insertMessage } from "@/lib/data/messages";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import { messageErrors as E } from "@/lib/validation/message";

// The actions read the session through getClaims (cookies); outside a request it is stood in for.
// Everything below it (zod, SQL functions, RLS) is real.
const session = vi.hoisted(() => ({ claims: null as Claims | null }));
vi.mock("@/lib/auth/session", () => ({ getClaims: async () => session.claims }));
const actions = await import("./messages");

const admin = adminSql();
const as = (a: Athlete | null) => (session.claims = a?.claims ?? null);
let alice: Athlete, bob: Athlete, eve: Athlete, priv: Athlete, noProfile: Athlete;
let conversationId = "";

const send = (content: string, patch: Record<string, unknown> = {}) =>
  actions.sendMessageAction({ id: randomUUID(), conversationId, content, ...patch });

beforeAll(async () => {
  alice = await makeAthlete(admin, { isPublic: true, name: "Alice Sender" });
  bob = await makeAthlete(admin, { isPublic: true, name: "Bob Reader" });
  eve = await makeAthlete(admin, { isPublic: true, name: "Eve Outsider" });
  priv = await makeAthlete(admin, { isPublic: false, name: "Private Pat" });
  noProfile = await makeAthlete(admin, { profile: false });
});
afterAll(async () => {
  await dropAthletes(admin, [alice, bob, eve, priv, noProfile]);
  await admin.end();
  await pool().end();
});

describe("start conversation", () => {
  it("twenty parallel starts from both sides make one conversation, stored sorted", async () => {
    const calls = Array.from({ length: 20 }, (_, i) => {
      const [me, other] = i % 2 ? [alice, bob] : [bob, alice];
      return withRls(
        me.claims,
        (tx) => tx<{ id: string }[]>`select public.start_conversation(${other.profileId}) as id`,
      );
    });
    const ids = new Set((await Promise.all(calls)).map((rows) => rows[0]!.id));
    expect(ids.size).toBe(1);
    conversationId = [...ids][0]!;
    const [one, two] = [alice.profileId, bob.profileId].sort();
    const rows = await admin`select participant_one_id, participant_two_id from public.conversations
      where participant_one_id in ${admin([one!, two!])} and participant_two_id in ${admin([one!, two!])}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.participant_one_id < rows[0]!.participant_two_id).toBe(true);
    as(alice);
    expect(await actions.startConversationAction(bob.profileId)).toEqual({ ok: true, conversationId });
  });

  it("maps a missing profile to PROFILE_NOT_FOUND and refuses visitors, self and private strangers", async () => {
    as(noProfile);
    expect(await actions.startConversationAction(bob.profileId)).toEqual({
      ok: false,
      error: E.startNoProfile,
      code: "PROFILE_NOT_FOUND",
    });
    as(null);
    expect(await actions.startConversationAction(bob.profileId)).toMatchObject({
      ok: false,
      code: "UNAUTHENTICATED",
    });
    as(alice);
    expect(await actions.startConversationAction(alice.profileId)).toEqual({
      ok: false,
      error: E.startSelf,
      code: "SELF",
    });
    expect(await actions.startConversationAction(priv.profileId)).toEqual({
      ok: false,
      error: E.startFailed,
    });
    expect(await actions.startConversationAction("not-a-uuid")).toEqual({ ok: false, error: E.startFailed });
    // Anonymous callers cannot reach the function at all.
    await expect(
      withRls(null, (tx) => tx`select public.start_conversation(${bob.profileId})`),
    ).rejects.toMatchObject({ code: "42501" });
  });
});

describe("sending", () => {
  it("stores trimmed text once, even when the same send is repeated", async () => {
    as(alice);
    const id = randomUUID();
    const first = await actions.sendMessageAction({ id, conversationId, content: "  Hi Bob! \n" });
    const again = await actions.sendMessageAction({ id, conversationId, content: "  Hi Bob! \n" });
    expect(first).toMatchObject({
      ok: true,
      message: { id, content: "Hi Bob!", sender_id: alice.profileId },
    });
    expect(again).toEqual(first);
    expect((await admin`select count(*)::int as n from public.messages where id = ${id}`)[0]!.n).toBe(1);
  });

  it("refuses empty, oversized and control-character text, and keeps HTML as plain text", async () => {
    as(alice);
    expect(await send("   ")).toEqual({ ok: false, error: "Message can't be empty" });
    expect(await send("x".repeat(2001))).toEqual({
      ok: false,
      error: "Message must be at most 2000 characters",
    });
    expect(await send("ding\u0007")).toMatchObject({ ok: false });
    expect(await send("a\u202eb")).toMatchObject({ ok: false });
    const html = '<script>alert("x")</script><b>bold</b>';
    expect(await send(html)).toMatchObject({ ok: true, message: { content: html } });
    // The CHECK holds even for a writer that skips zod.
    for (const bad of ["", " padded ", "x".repeat(2001), "bell\u0007"]) {
      await expect(
        withRls(
          alice.claims,
          (tx) => tx`insert into public.messages (conversation_id, sender_id, content)
          values (${conversationId}, ${alice.profileId}, ${bad})`,
        ),
      ).rejects.toMatchObject({ code: "23514" });
    }
  });

  it("answers with the product's Forbidden texts for another sender or someone else's conversation", async () => {
    as(alice);
    expect(await send("pretending", { senderId: bob.profileId })).toEqual({
      ok: false,
      error: E.senderMismatch,
      code: "FORBIDDEN",
    });
    as(eve);
    expect(await send("let me in")).toEqual({ ok: false, error: E.notParticipant, code: "FORBIDDEN" });
    // And RLS refuses the raw insert too, as Eve or as Alice writing as Bob.
    await expect(
      withRls(
        eve.claims,
        (tx) => tx`insert into public.messages (conversation_id, sender_id, content)
        values (${conversationId}, ${eve.profileId}, 'sneaky')`,
      ),
    ).rejects.toMatchObject({ code: "42501" });
    await expect(
      withRls(
        alice.claims,
        (tx) => tx`insert into public.messages (conversation_id, sender_id, content)
        values (${conversationId}, ${bob.profileId}, 'forged')`,
      ),
    ).rejects.toMatchObject({ code: "42501" });
    as(noProfile);
    expect(await send("no profile")).toMatchObject({ ok: false, code: "PROFILE_NOT_FOUND" });
  });

  it("keeps ten parallel sends, each stored once, in created_at order", async () => {
    // Five each: the most one sender may send in 10 s (docs/security.md#rate-limits; message-rate.int.test.ts tests the limit).
    // The sends above are moved out of that window first.
    await admin`update public.messages set created_at = created_at - interval '1 minute'
      where conversation_id = ${conversationId}`;
    const ids = Array.from({ length: 10 }, () => randomUUID());
    const results = await Promise.all(
      ids.map((id, i) =>
        // The data layer directly (the action reads one shared stand-in session), each in its own transaction.
        withRls((i % 2 ? alice : bob).claims, (tx) =>
          insertMessage(tx, {
            id,
            conversationId,
            senderId: (i % 2 ? alice : bob).profileId,
            content: `burst ${i}`,
          }),
        ),
      ),
    );
    expect(results.every(Boolean)).toBe(true);
    const stored = await admin`select id, count(*) over (partition by id)::int as n from public.messages
      where id in ${admin(ids)} order by created_at, id`;
    expect(stored).toHaveLength(10);
    expect(stored.every((r) => r.n === 1)).toBe(true);
    as(bob);
    const thread = await actions.fetchMessagesAction(conversationId);
    if (!thread.ok) throw new Error(thread.error);
    const keys = thread.messages.map((m) => m.created_at);
    expect(new Set(thread.messages.map((m) => m.id)).size).toBe(thread.messages.length);
    expect([...keys].sort((a, b) => (a < b ? -1 : 1))).toEqual(keys);
  });
});

describe("reading", () => {
  it("lets only the participants read the thread; anon and a third athlete see nothing", async () => {
    const count = (claims: Claims | null) =>
      withRls(
        claims,
        (tx) => tx`select count(*)::int as n from public.messages where conversation_id = ${conversationId}`,
      );
    expect((await count(alice.claims))[0]!.n).toBeGreaterThan(0);
    expect((await count(bob.claims))[0]!.n).toBeGreaterThan(0);
    expect((await count(eve.claims))[0]!.n).toBe(0);
    await expect(count(null)).rejects.toMatchObject({ code: "42501" });
    as(eve);
    expect(await actions.fetchMessagesAction(conversationId)).toEqual({ ok: true, messages: [] });
    expect(await actions.fetchConversationsAction(conversationId)).toEqual({ ok: true, conversations: [] });
    const convs = await withRls(
      eve.claims,
      (tx) => tx`select id from public.conversations where id = ${conversationId}`,
    );
    expect(convs).toHaveLength(0);
  });

  it("lists conversations with the other athlete's four fields and photo path, last message and unread count", async () => {
    const list = await withRls(bob.claims, (tx) => listConversations(tx));
    const row = list.find((c) => c.id === conversationId)!;
    expect(row.other_participant).toEqual({
      id: alice.profileId,
      username: expect.any(String),
      full_name: "Alice Sender",
      avatar_url: expect.stringMatching(/^https:/),
      photo_path: null,
    });
    expect(row.last_message?.content).toMatch(/burst \d+/);
    const unread = (
      await admin`select count(*)::int as n from public.messages
      where conversation_id = ${conversationId} and sender_id = ${alice.profileId} and not read`
    )[0]!.n;
    expect(row.unread_count).toBe(unread);
    expect(Object.keys(row.other_participant!)).toHaveLength(5);
  });

  it("shows a private athlete's name in the list once a conversation exists (a team link made it)", async () => {
    const id = await admin<
      { id: string }[]
    >`select private.ensure_conversation(${alice.profileId}, ${priv.profileId}) as id`;
    const list = await withRls(alice.claims, (tx) => listConversations(tx));
    expect(list.find((c) => c.id === id[0]!.id)?.other_participant?.full_name).toBe("Private Pat");
    // Now that they talk, Alice may reopen it; a stranger still cannot see Pat.
    as(alice);
    expect(await actions.startConversationAction(priv.profileId)).toEqual({
      ok: true,
      conversationId: id[0]!.id,
    });
  });

  it("marks only the other person's messages read, for participants only", async () => {
    as(eve);
    expect(await actions.markReadAction(conversationId)).toEqual({ ok: false, error: E.notParticipant });
    as(bob);
    const before = await actions.fetchInboxStateAction();
    if (!before.ok) throw new Error(before.error);
    expect(before.unread).toBeGreaterThan(0);
    const marked = await actions.markReadAction(conversationId);
    // The answer carries the count it leaves (the open thread's badge takes it without asking again).
    expect(marked).toEqual({ ok: true, count: before.unread, unread: 0 });
    expect(await actions.fetchInboxStateAction()).toMatchObject({ ok: true, unread: 0 });
    const rows = await admin`select sender_id, bool_and(read) as all_read, bool_or(read) as any_read
      from public.messages where conversation_id = ${conversationId} group by sender_id`;
    const bySender = Object.fromEntries(rows.map((r) => [r.sender_id, r]));
    expect(bySender[alice.profileId]!.all_read).toBe(true);
    expect(bySender[bob.profileId]!.any_read).toBe(false);
    // Bob cannot flip his own messages read, nor touch other columns.
    const own = await withRls(
      bob.claims,
      (tx) => tx`update public.messages set read = true
      where conversation_id = ${conversationId} and sender_id = ${bob.profileId} returning id`,
    );
    expect(own).toHaveLength(0);
    await expect(
      withRls(
        bob.claims,
        (tx) => tx`update public.messages set content = 'edited' where conversation_id = ${conversationId}`,
      ),
    ).rejects.toMatchObject({ code: "42501" });
  });
});

describe("the database not answering", () => {
  it("a send says so plainly; sent again with the same id once it is back, it is stored once", async () => {
    // Out of the sending limit's window (docs/security.md#rate-limits): the sends above were a moment ago.
    await admin`update public.messages set created_at = created_at - interval '1 minute'
      where conversation_id = ${conversationId}`;
    as(alice);
    const g = globalThis as unknown as { __appSql?: postgres.Sql };
    const real = g.__appSql;
    // Nothing listens on port 1: every connection is refused, as while Postgres restarts.
    const down = postgres("postgres://authenticator:x@127.0.0.1:1/postgres", {
      max: 1,
      connect_timeout: 2,
      onnotice: () => {},
    });
    const message = { id: randomUUID(), conversationId, content: "Sent while the database restarts" };
    g.__appSql = down;
    try {
      expect(await actions.sendMessageAction(message)).toEqual({
        ok: false,
        error: E.unavailable,
        code: "UNAVAILABLE",
      });
    } finally {
      g.__appSql = real;
      await down.end({ timeout: 0 });
    }
    expect(await actions.sendMessageAction(message)).toMatchObject({ ok: true, message: { id: message.id } });
    expect(await actions.sendMessageAction(message)).toMatchObject({ ok: true, message: { id: message.id } });
    const [row] = await admin<
      { n: number }[]
    >`select count(*)::int as n from public.messages where id = ${message.id}`;
    expect(row!.n).toBe(1);
  });
});

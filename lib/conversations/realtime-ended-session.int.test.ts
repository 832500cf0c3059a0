import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonClient, eventually } from "@noosa-tri/supabase-local/test-support";
import { adminSql, signedInAthlete, type SignedInAthlete } from "@/test/fixtures/athletes";

// Realtime checks a token's signature and expiry only, so an access token kept after its session ended
// (signed out, account deleted, suspended) went on receiving messages for up to an hour. The private
// channels' policies and the messages' read policy now ask whether the token's session still exists and the
// account is not suspended; the stand-in evaluates them as hosted Realtime does (at join, per change).
const admin = adminSql();
type User = SignedInAthlete;
const users: User[] = [];
const clients: SupabaseClient[] = [];

async function withProfile(name: string): Promise<User> {
  const made = await signedInAthlete(admin, { name, specialty: "runner", avatar: false, isPublic: true });
  users.push(made);
  clients.push(made.client);
  return made;
}

/** Another client holding only `token`: what someone who kept the token after sign-out has. */
async function keeperOf(token: string): Promise<SupabaseClient> {
  const client = anonClient();
  clients.push(client);
  await client.realtime.setAuth(token);
  return client;
}

type Joined = { channel: RealtimeChannel; status: string; error?: string; contents: string[] };

/** Joins a private channel, listening to new messages of `conversation` when given. */
function join(client: SupabaseClient, topic: string, conversation?: string): Promise<Joined> {
  const contents: string[] = [];
  const channel = client.channel(topic, { config: { private: true, broadcast: { ack: true } } });
  if (conversation)
    channel.on(
      "postgres_changes",
      { event: "INSERT", schema: "public", table: "messages", filter: `conversation_id=eq.${conversation}` },
      (payload) => contents.push(String((payload.new as { content: string }).content)),
    );
  else channel.on("presence", { event: "sync" }, () => {});
  return new Promise((resolve) =>
    channel.subscribe((status, err) => {
      if (status !== "CLOSED") resolve({ channel, status, error: err?.message, contents });
    }),
  );
}

async function conversation(a: User, b: User): Promise<string> {
  const [row] = await admin<
    { id: string }[]
  >`select private.ensure_conversation(${a.profileId}, ${b.profileId}) as id`;
  return row!.id;
}

const send = (conversationId: string, from: User, content: string) =>
  admin`insert into public.messages (conversation_id, sender_id, content) values (${conversationId}, ${from.profileId}, ${content})`;

/** Sends `content` and waits until `witness` (a live participant) has it, so the change was processed. */
async function sendAndSettle(conversationId: string, from: User, content: string, witness: Joined) {
  await send(conversationId, from, content);
  await eventually(() => witness.contents.includes(content), 5000, `witness receives ${content}`);
  // The same change is checked for every subscriber in one pass; a little slack for the socket.
  await new Promise((r) => setTimeout(r, 300));
}

let kim: User, lou: User, max: User;
beforeAll(async () => {
  [kim, lou, max] = [
    await withProfile("Kim Kept"),
    await withProfile("Lou Live"),
    await withProfile("Max Muted"),
  ];
});
afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await admin`delete from auth.users where id in ${admin(users.map((u) => u.id))}`;
  await admin.end();
});

describe("a token whose session has ended", () => {
  it("stops receiving a thread's messages at sign-out, and may not join a private channel again", async () => {
    const thread = await conversation(kim, lou);
    const kept = await keeperOf(kim.token);
    const before = await join(kept, `thread:${thread}`, thread);
    expect(before.status).toBe("SUBSCRIBED");
    const witness = await join(lou.client, `thread:${thread}`, thread);
    await sendAndSettle(thread, lou, "Before sign-out", witness);
    expect(before.contents).toEqual(["Before sign-out"]);

    await kim.client.auth.signOut({ scope: "local" });
    await sendAndSettle(thread, lou, "After sign-out", witness);
    expect(before.contents).toEqual(["Before sign-out"]);

    for (const topic of [`thread:${thread}`, `inbox:${kim.profileId}`, `presence:${kim.profileId}`]) {
      // A fresh client with the same token (supabase-js keeps one channel per topic and client).
      const again = await join(
        await keeperOf(kim.token),
        topic,
        topic.startsWith("thread") ? thread : undefined,
      );
      expect(again.status, topic).toBe("CHANNEL_ERROR");
      expect(again.error, topic).toMatch(/^Unauthorized/);
    }
  });

  it("stops a suspended account's delivery and presence at once, though its token is still valid", async () => {
    const thread = await conversation(max, lou);
    const own = await join(max.client, `thread:${thread}`, thread);
    const presence = await join(max.client, `presence:${max.profileId}`);
    expect([own.status, presence.status]).toEqual(["SUBSCRIBED", "SUBSCRIBED"]);
    expect(await presence.channel.track({ online_at: "now" })).toBe("ok");
    const witness = await join(lou.client, `thread:${thread}`, thread);
    await sendAndSettle(thread, lou, "Before suspension", witness);

    await admin`insert into private.suspended_accounts (user_id) values (${max.id})`;
    await sendAndSettle(thread, lou, "After suspension", witness);
    expect(own.contents).toEqual(["Before suspension"]);
    expect((await join(await keeperOf(max.token), `presence:${max.profileId}`)).status).toBe("CHANNEL_ERROR");
    expect((await join(await keeperOf(max.token), `thread:${thread}`, thread)).status).toBe("CHANNEL_ERROR");
  });

  it("takes an open presence down at the next token, as hosted Realtime re-checks a channel then", async () => {
    const amy = await withProfile("Amy Away");
    const own = await join(amy.client, `presence:${amy.profileId}`);
    expect(await own.channel.track({ online_at: "now" })).toBe("ok");
    const watcher = await join(lou.client, `presence:${amy.profileId}`);
    await eventually(() => Object.keys(watcher.channel.presenceState()).length === 1, 3000, "Amy online");

    await admin`insert into private.suspended_accounts (user_id) values (${amy.id})`;
    // supabase-js hands every refreshed token to Realtime; the channel's policies are evaluated again.
    const { data } = await amy.client.auth.refreshSession();
    expect(data.session).not.toBeNull();
    await amy.client.realtime.setAuth(data.session!.access_token);
    await eventually(() => Object.keys(watcher.channel.presenceState()).length === 0, 3000, "Amy offline");
  });
});

import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonClient, eventually } from "@noosa-tri/supabase-local/test-support";
import { adminSql, signedInAthlete, type SignedInAthlete } from "@/test/fixtures/athletes";

// The app's private channels (supabase/schema.sql), through
// supabase-js against the local stack, which enforces Realtime Authorization as hosted Supabase does.
const admin = adminSql();
type User = SignedInAthlete;
let alice: User, bob: User, eve: User, hidden: User;
let conversationId = "";
const visitor = anonClient();

const withProfile = (name: string, isPublic = true): Promise<User> =>
  signedInAthlete(admin, { name, specialty: "runner", avatar: false, isPublic });

/** Joins a private channel; resolves with how it settled and the server's reason on a refusal. */
function join(client: SupabaseClient, topic: string, presence = false) {
  const channel = client.channel(topic, { config: { private: true, broadcast: { ack: true } } });
  if (presence) channel.on("presence", { event: "sync" }, () => {});
  return new Promise<{ channel: RealtimeChannel; status: string; error?: string }>((resolve) =>
    channel.subscribe((status, err) => {
      if (status !== "CLOSED") resolve({ channel, status, error: err?.message });
    }),
  );
}

beforeAll(async () => {
  alice = await withProfile("Alice Online");
  bob = await withProfile("Bob Watching");
  eve = await withProfile("Eve Stranger");
  hidden = await withProfile("Hidden Athlete", false);
  const [row] = await admin<{ id: string }[]>`
    select private.ensure_conversation(${alice.profileId}, ${bob.profileId}) as id`;
  conversationId = row!.id;
});
afterAll(async () => {
  for (const c of [alice, bob, eve, hidden].map((u) => u?.client).concat(visitor))
    await c?.removeAllChannels();
  await admin`delete from auth.users where id in ${admin([alice, bob, eve, hidden].map((u) => u.id))}`;
  await admin.end();
});

describe("the app's private Realtime channels", () => {
  it("bind presence to the verified token: only the owner tracks on presence:<id>", async () => {
    const own = await join(alice.client, `presence:${alice.profileId}`, true);
    expect(own.status).toBe("SUBSCRIBED");
    expect(await own.channel.track({ online_at: "now" })).toBe("ok");
    // Eve may watch Alice (a public profile) but cannot show as online under Alice's id.
    const impostor = await join(eve.client, `presence:${alice.profileId}`, true);
    expect(impostor.status).toBe("SUBSCRIBED");
    expect(await impostor.channel.track({ online_at: "now" })).toBe("error");
    await eventually(() => Object.keys(impostor.channel.presenceState()).length === 1, 3000, "Alice online");
    expect(await impostor.channel.send({ type: "broadcast", event: "x", payload: {} })).toBe("error");
  });

  it("show a presence only to those who may see the profile; never to a visitor", async () => {
    const ownHidden = await join(hidden.client, `presence:${hidden.profileId}`, true);
    expect(ownHidden.status).toBe("SUBSCRIBED");
    const watcher = await join(bob.client, `presence:${hidden.profileId}`, true);
    expect(watcher.status).toBe("CHANNEL_ERROR");
    expect(watcher.error).toMatch(/^Unauthorized/);
    expect((await join(visitor, `presence:${alice.profileId}`, true)).status).toBe("CHANNEL_ERROR");
    expect((await join(eve.client, "presence:not-a-profile-id", true)).status).toBe("CHANNEL_ERROR");
  });

  it("let only the two participants join a thread, and nobody broadcast on it", async () => {
    const topic = `thread:${conversationId}`;
    const participant = await join(bob.client, topic);
    expect(participant.status).toBe("SUBSCRIBED");
    expect(await participant.channel.send({ type: "broadcast", event: "x", payload: {} })).toBe("error");
    const stranger = await join(eve.client, topic);
    expect(stranger.status).toBe("CHANNEL_ERROR");
    expect((await join(visitor, topic)).status).toBe("CHANNEL_ERROR");
  });

  it("let only its owner join an inbox", async () => {
    expect((await join(alice.client, `inbox:${alice.profileId}`)).status).toBe("SUBSCRIBED");
    expect((await join(eve.client, `inbox:${alice.profileId}`)).status).toBe("CHANNEL_ERROR");
  });
});

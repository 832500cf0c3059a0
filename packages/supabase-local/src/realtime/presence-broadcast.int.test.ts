import { afterEach, describe, expect, it } from "vitest";
import { createClient, type RealtimeChannel, type SupabaseClient } from "@supabase/supabase-js";
import {
  anonClient,
  eventually,
  publishableKey,
  signedInUser,
  supabaseUrl,
  trackedTransport,
} from "./test-support.ts";

// Presence and Broadcast as realtime-js uses them, checked only through supabase-js (plus one raw socket).
const clients: SupabaseClient[] = [];
const client = (vsn?: "1.0.0" | "2.0.0", transport?: typeof WebSocket) => {
  const c = vsn
    ? createClient(supabaseUrl(), publishableKey(), {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { vsn, ...(transport ? { transport } : {}) } as never,
      })
    : anonClient(transport);
  clients.push(c);
  return c;
};
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
});

const subscribed = (channel: RealtimeChannel) =>
  new Promise<RealtimeChannel>((resolve, reject) =>
    channel.subscribe((status, err) => {
      if (status === "SUBSCRIBED") resolve(channel);
      else if (status === "CHANNEL_ERROR") reject(err);
    }),
  );

const keys = (channel: RealtimeChannel) => Object.keys(channel.presenceState()).sort();

function presenceChannel(c: SupabaseClient, topic: string, key: string) {
  const events: { event: string; key: string }[] = [];
  const channel = c
    .channel(topic, { config: { presence: { key } } })
    .on("presence", { event: "sync" }, () => events.push({ event: "sync", key: "" }))
    .on("presence", { event: "join" }, ({ key: k }) => events.push({ event: "join", key: k }))
    .on("presence", { event: "leave" }, ({ key: k }) => events.push({ event: "leave", key: k }));
  return { channel, events };
}

describe("Presence", () => {
  it("tracks, syncs late joiners with presence_state, and untracks", async () => {
    const topic = `presence-${Date.now()}`;
    const a = presenceChannel(client(), topic, "athlete-a");
    const b = presenceChannel(client(), topic, "athlete-b");
    await subscribed(a.channel);
    expect(await a.channel.track({ online_at: "now", name: "A" })).toBe("ok");
    await subscribed(b.channel);
    // B joined after A tracked: the state it received on join already holds A, with A's payload.
    await eventually(() => keys(b.channel).includes("athlete-a"), 3000, "A in B's state");
    expect(b.channel.presenceState()["athlete-a"]![0]).toMatchObject({ online_at: "now", name: "A" });
    expect(await b.channel.track({ name: "B" })).toBe("ok");
    await eventually(() => keys(a.channel).join() === "athlete-a,athlete-b", 3000, "both in A's state");
    expect(a.events).toContainEqual({ event: "join", key: "athlete-b" });
    // Re-tracking replaces the payload rather than adding a second presence.
    await b.channel.track({ name: "B2" });
    await eventually(
      () => (a.channel.presenceState()["athlete-b"]?.[0] as { name?: string } | undefined)?.name === "B2",
      3000,
      "re-track",
    );
    expect(a.channel.presenceState()["athlete-b"]).toHaveLength(1);
    expect(await b.channel.untrack()).toBe("ok");
    await eventually(() => keys(a.channel).join() === "athlete-a", 3000, "B untracked");
    expect(a.events).toContainEqual({ event: "leave", key: "athlete-b" });
  });

  it("drops a presence when its channel leaves or its socket closes", async () => {
    const topic = `presence-drop-${Date.now()}`;
    const watcher = presenceChannel(client(), topic, "watcher");
    await subscribed(watcher.channel);
    const leaver = presenceChannel(client(), topic, "leaver");
    await subscribed(leaver.channel);
    await leaver.channel.track({});
    const { sockets, transport } = trackedTransport();
    const closer = presenceChannel(client(undefined, transport), topic, "closer");
    await subscribed(closer.channel);
    await closer.channel.track({});
    await eventually(() => keys(watcher.channel).join() === "closer,leaver", 3000, "both tracked");
    await leaver.channel.unsubscribe();
    await eventually(() => keys(watcher.channel).join() === "closer", 3000, "leaver gone");
    sockets[0]!.close();
    await eventually(() => keys(watcher.channel).length === 0, 3000, "closer gone");
  });

  it("keeps topics apart and counts two tabs of one key as one key with two presences", async () => {
    const topic = `presence-tabs-${Date.now()}`;
    const other = presenceChannel(client(), `${topic}-elsewhere`, "elsewhere");
    await subscribed(other.channel);
    await other.channel.track({});
    const tab1 = presenceChannel(client(), topic, "same");
    const tab2 = presenceChannel(client(), topic, "same");
    await subscribed(tab1.channel);
    await subscribed(tab2.channel);
    await tab1.channel.track({ tab: 1 });
    await tab2.channel.track({ tab: 2 });
    await eventually(() => tab1.channel.presenceState().same?.length === 2, 3000, "two tabs");
    expect(keys(tab1.channel)).toEqual(["same"]);
    expect(keys(other.channel)).toEqual(["elsewhere"]);
  });
});

describe("Broadcast", () => {
  function listener(c: SupabaseClient, topic: string, config: Record<string, unknown> = {}) {
    const got: unknown[] = [];
    const channel = c
      .channel(topic, { config: { broadcast: config } })
      .on("broadcast", { event: "wave" }, (message) => got.push(message));
    return { channel, got };
  }

  it("relays to the other members (binary frames, vsn 2.0.0), to the sender only with self, acks with ack", async () => {
    const topic = `bc-${Date.now()}`;
    const sender = listener(client(), topic, { ack: true });
    const selfish = listener(client(), topic, { self: true });
    const receiver = listener(client(), topic);
    const stranger = listener(client(), `${topic}-other`);
    for (const l of [sender, selfish, receiver, stranger]) await subscribed(l.channel);
    expect(
      await sender.channel.send({ type: "broadcast", event: "wave", payload: { n: 1, text: "Grüße 🌊" } }),
    ).toBe("ok");
    await eventually(() => receiver.got.length === 1 && selfish.got.length === 1, 3000, "relayed");
    expect(receiver.got[0]).toEqual({
      type: "broadcast",
      event: "wave",
      payload: { n: 1, text: "Grüße 🌊" },
    });
    await selfish.channel.send({ type: "broadcast", event: "wave", payload: { n: 2 } });
    await eventually(() => selfish.got.length === 2 && receiver.got.length === 2, 3000, "self copy");
    await new Promise((r) => setTimeout(r, 200));
    expect(sender.got).toHaveLength(1);
    expect(stranger.got).toHaveLength(0);
  });

  it("speaks JSON broadcasts with a vsn 1.0.0 client", async () => {
    const topic = `bc-v1-${Date.now()}`;
    const v1 = listener(client("1.0.0"), topic);
    const v2 = listener(client("2.0.0"), topic);
    await subscribed(v1.channel);
    await subscribed(v2.channel);
    await v1.channel.send({ type: "broadcast", event: "wave", payload: { from: "v1" } });
    await v2.channel.send({ type: "broadcast", event: "wave", payload: { from: "v2" } });
    await eventually(() => v1.got.length === 1 && v2.got.length === 1, 3000, "both ways");
    expect(v1.got[0]).toMatchObject({ event: "wave", payload: { from: "v2" } });
    expect(v2.got[0]).toMatchObject({ event: "wave", payload: { from: "v1" } });
  });

  it("lets a signed-in athlete track presence under their profile key", async () => {
    const { client: signed, id } = await signedInUser();
    clients.push(signed);
    const topic = `presence-signed-${Date.now()}`;
    const me = presenceChannel(signed, topic, id);
    await subscribed(me.channel);
    expect(await me.channel.track({ online_at: new Date().toISOString() })).toBe("ok");
    await eventually(() => keys(me.channel).includes(id), 3000, "own presence");
  });
});

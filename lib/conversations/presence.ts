import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";

/**
 * Who has the app open, on private Realtime channels (policies in supabase/schema.sql). Each athlete tracks their presence on
 * `presence:<own profile id>`, where only they may track, so nobody can show as online under another id.
 * Others watch that channel only for the athletes they are shown, and only when they may see that profile:
 * a refused join (a private profile) is dropped, not retried. Only signed-in pages load this module.
 */
type Watch = { channel?: RealtimeChannel; count: number; leaving?: ReturnType<typeof setTimeout> };

let client: SupabaseClient | null = null;
let own: RealtimeChannel | null = null;
const watched = new Map<string, Watch>();
let online: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

const topic = (profileId: string) => `presence:${profileId}`;
// A watch that ends stays joined this long: moving from the list to a thread unmounts one dot and mounts
// another for the same athlete, and realtime-js cannot rejoin a topic while its leave is still in flight.
const LINGER_MS = 5000;

function setOnline(profileId: string, isOnline: boolean) {
  if (online.has(profileId) === isOnline) return;
  const next = new Set(online);
  if (isOnline) next.add(profileId);
  else next.delete(profileId);
  online = next;
  for (const listener of listeners) listener();
}

export const onlineSnapshot = () => online;
export const emptyOnline: ReadonlySet<string> = new Set();
export function subscribeOnline(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Goes online as `me` (called by the inbox once it knows the profile id), and lets watchers subscribe. */
export function startPresence(supabase: SupabaseClient, me: string) {
  client = supabase;
  own = supabase.channel(topic(me), { config: { private: true, presence: { key: me } } });
  own.subscribe((status) => {
    if (status === "SUBSCRIBED") void own?.track({ online_at: new Date().toISOString() });
  });
  for (const [profileId, watch] of watched) if (!watch.channel) join(profileId, watch);
}

function join(profileId: string, watch: Watch) {
  if (!client) return;
  const channel = client.channel(topic(profileId), { config: { private: true } });
  const sync = () => setOnline(profileId, Object.keys(channel.presenceState()).length > 0);
  channel
    .on("presence", { event: "sync" }, sync)
    .on("presence", { event: "join" }, sync)
    .on("presence", { event: "leave" }, sync)
    .subscribe((status, error) => {
      // Not allowed to see this athlete: stop, or realtime-js would ask again every few seconds.
      if (status === "CHANNEL_ERROR" && error?.message.startsWith("Unauthorized"))
        void client?.removeChannel(channel);
    });
  watch.channel = channel;
}

/** Watches one athlete's presence while a component shows them; returns the unwatch. */
export function watchOnline(profileId: string): () => void {
  const existing = watched.get(profileId);
  if (existing) {
    existing.count += 1;
    clearTimeout(existing.leaving);
  } else {
    const watch: Watch = { count: 1 };
    watched.set(profileId, watch);
    join(profileId, watch);
  }
  return () => {
    const watch = watched.get(profileId);
    if (!watch || --watch.count > 0) return;
    watch.leaving = setTimeout(() => {
      watched.delete(profileId);
      if (watch.channel) void client?.removeChannel(watch.channel);
      setOnline(profileId, false);
    }, LINGER_MS);
  };
}

/** On sign-out: leave every presence channel. */
export async function stopPresence() {
  const channels = [own, ...[...watched.values()].map((w) => w.channel)].filter(
    (c): c is RealtimeChannel => !!c,
  );
  const supabase = client;
  client = null;
  own = null;
  for (const [profileId, watch] of watched) {
    clearTimeout(watch.leaving);
    watch.channel = undefined;
    if (watch.count === 0) watched.delete(profileId);
  }
  online = new Set();
  for (const listener of listeners) listener();
  if (supabase) await Promise.all(channels.map((c) => supabase.removeChannel(c)));
}

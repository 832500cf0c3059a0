import type { RealtimeChannel } from "@supabase/supabase-js";
import { fetchInboxState } from "@/lib/actions/messages";
import { createClient } from "@/lib/supabase/client";
import { startPresence, stopPresence } from "./presence";
import { realtimeClient } from "./realtime-client";
import type { Message } from "./types";
import { publishUnread } from "./unread-store";

/**
 * The signed-in athlete's live inbox, one per tab: a private Realtime channel with every new message of
 * their conversations (RLS picks them, no filter needed), the unread count behind the top-bar badge, and
 * their own presence ("Online now", presence.ts). Only signed-in pages load this module.
 */
export type InboxEvent =
  { kind: "message"; message: Message } | { kind: "update"; message: Message } | { kind: "reconnected" };

type Snapshot = { profileId: string | null; unread: number; live: boolean };

let snapshot: Snapshot = { profileId: null, unread: 0, live: false };
const listeners = new Set<() => void>();
const eventListeners = new Set<(event: InboxEvent) => void>();
let channels: RealtimeChannel[] = [];
let starting: Promise<void> | null = null;
/** Bumped by stopInbox, so a start still in flight from before a sign-out does not go live afterwards. */
let generation = 0;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
/** The conversation open on screen, whose messages are read as they arrive (no unread, no toast). */
let openConversation: string | null = null;

function set(patch: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...patch };
  publishUnread(snapshot.unread);
  for (const listener of listeners) listener();
}

export const inboxSnapshot = () => snapshot;
export const serverSnapshot: Snapshot = snapshot;

export function subscribeInbox(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function onInboxEvent(listener: (event: InboxEvent) => void) {
  eventListeners.add(listener);
  return () => void eventListeners.delete(listener);
}

const emit = (event: InboxEvent) => eventListeners.forEach((l) => l(event));

export function setOpenConversation(id: string | null) {
  openConversation = id;
}
export const isOpenConversation = (id: string) => openConversation === id && !document.hidden;

/** Reads the unread count again soon (several triggers in a burst cost one request). */
export function refreshUnread(delay = 150) {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(async () => {
    refreshTimer = null;
    try {
      const state = await fetchInboxState();
      set({ unread: state.unread });
    } catch {
      // Offline: the next reconnect or message asks again.
    }
  }, delay);
}

/** Starts the live inbox once per tab (nothing goes live for an account without a profile). */
export function startInbox(): Promise<void> {
  const mine = generation;
  starting ??= (async () => {
    const state = await fetchInboxState();
    if (mine !== generation) return;
    set({ profileId: state.profileId, unread: state.unread });
    if (!state.profileId) return;
    const me = state.profileId;
    const supabase = await realtimeClient();
    if (mine !== generation) return;
    let joined = false;
    const messages = supabase
      .channel(`inbox:${me}`, { config: { private: true } })
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "messages" }, (payload) => {
        const message = payload.new as Message;
        emit({ kind: "message", message });
        // A message in the thread on screen is marked read at once, and that refreshes the count itself.
        if (message.sender_id !== me && !isOpenConversation(message.conversation_id)) refreshUnread();
      })
      .on("postgres_changes", { event: "UPDATE", schema: "public", table: "messages" }, (payload) => {
        const message = payload.new as Message;
        emit({ kind: "update", message });
        // Only the read flag changes; the other person reading what I sent leaves my count as it is.
        if (message.sender_id !== me) refreshUnread();
      })
      .subscribe((status) => {
        if (status === "SUBSCRIBED") {
          set({ live: true });
          // Count again on every join: a message may have landed between the first count and the join.
          refreshUnread(0);
          // A rejoin after a drop: whatever arrived meanwhile is fetched by the listeners.
          if (joined) emit({ kind: "reconnected" });
          joined = true;
        } else set({ live: false });
      });
    startPresence(supabase, me);
    channels = [messages];
  })().catch((error: unknown) => {
    starting = null;
    console.error("inbox: could not go live", { message: (error as Error).message });
  });
  return starting;
}

/** On sign-out (the badge unmounts): leave the channels, so the next account in this tab starts afresh. */
export async function stopInbox() {
  generation += 1;
  const supabase = createClient();
  await Promise.all([...channels.map((c) => supabase.removeChannel(c)), stopPresence()]);
  channels = [];
  starting = null;
  set({ profileId: null, unread: 0, live: false });
}

import type { RealtimeChannel } from "@supabase/supabase-js";
import { fetchInboxStateAction } from "@/lib/actions/messages";
import { createClient } from "@/lib/supabase/client";
import type { InboxState, ThreadMessage } from "./kind";
import { kinds } from "./kinds";
import { latestOnly } from "./latest-count";
import { startPresence, stopPresence } from "./presence";
import { realtimeClient } from "./realtime-client";
import type { Message } from "./types";
import type { SessionChatMessage, TeamChatMessage } from "./types";
import { publishUnread } from "./unread-store";

/**
 * The signed-in athlete's live inbox, one per tab: a private Realtime channel with every new message of
 * their conversations of every kind (filtered to them by each kind, ./kinds/; RLS still decides), the one
 * unread count behind the top-bar badge, and their own presence ("Online now", presence.ts). Only signed-in
 * pages load this module.
 */
export type InboxEvent =
  | { kind: "message" | "update"; of: "direct"; message: Message }
  | { kind: "message" | "update"; of: "team"; message: TeamChatMessage }
  | { kind: "message" | "update"; of: "session"; message: SessionChatMessage }
  | { kind: "reconnected" };

type Snapshot = { profileId: string | null; unread: number; live: boolean };

let snapshot: Snapshot = { profileId: null, unread: 0, live: false };
const listeners = new Set<() => void>();
const eventListeners = new Set<(event: InboxEvent) => void>();
let channels: RealtimeChannel[] = [];
let starting: Promise<void> | null = null;
/** A sign-out's leave still in flight: a start waits for it, or it would reuse the leaving channel. */
let stopping: Promise<void> | null = null;
/** Bumped by stopInbox, so a start still in flight from before a sign-out does not go live afterwards. */
let generation = 0;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
/** The thread open on screen, of each kind: its messages are read as they arrive (no unread, no toast). */
const openThreads = new Map<string, string>();

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

export function setOpenThread(kind: string, id: string | null) {
  if (id) openThreads.set(kind, id);
  else openThreads.delete(kind);
}
export const isOpenThread = (kind: string, id: string) => openThreads.get(kind) === id && !document.hidden;

/** Applies a count only if no later-issued read answered first (latest-count.ts explains the window). */
const readCount = latestOnly<{ unread: number; generation: number }>(({ unread, generation: g }) => {
  if (g === generation) set({ unread });
});
/** The inbox state; a visitor's is empty. Any other failure throws, so the read is retried. */
async function inboxState(): Promise<InboxState> {
  const state = await fetchInboxStateAction();
  if (state.ok) return state;
  if (state.code === "UNAUTHENTICATED") return { profileId: null, unread: 0, teamIds: [], sessionIds: [] };
  throw new Error(state.error);
}
const countNow = async () => ({ unread: (await inboxState()).unread, generation });

/**
 * Applies the unread count another request answered with (markRead answers the count it leaves), in
 * order with the reads above. `load` throws when it has no count; nothing is applied then.
 */
export function applyUnreadFrom(load: () => Promise<number>): Promise<boolean> {
  return readCount(async () => ({ unread: await load(), generation }));
}

/**
 * Reads the unread count again soon (several triggers in a burst cost one request). A failed read (a busy
 * or restarting server) is retried, so a message is never left uncounted until the next one.
 */
export function refreshUnread(delay = 150, attempt = 0) {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(async () => {
    refreshTimer = null;
    try {
      await readCount(countNow);
    } catch {
      // Offline or the server failed: ask again shortly; a reconnect or a message asks again too.
      if (attempt < 5 && !refreshTimer) refreshUnread(1000 * 2 ** attempt, attempt + 1);
    }
  }, delay);
}

/** Starts the live inbox once per tab (nothing goes live for an account without a profile). */
export function startInbox(): Promise<void> {
  const mine = generation;
  starting ??= (async () => {
    if (stopping) await stopping;
    let state: InboxState = { profileId: null, unread: 0, teamIds: [], sessionIds: [] };
    await readCount(async () => {
      state = await inboxState();
      return { unread: state.unread, generation: mine };
    });
    if (mine !== generation) return;
    const me: string | null = state.profileId;
    set({ profileId: me });
    if (!me) return;
    const supabase = await realtimeClient();
    if (mine !== generation) return;
    let joined = false;
    const messages = supabase.channel(`inbox:${me}`, { config: { private: true } });
    for (const kind of kinds) {
      // Each filter matches a change at most once (received and sent are two filters), so it comes once.
      for (const filter of kind.inboxFilters({ ...state, profileId: me }))
        for (const event of kind.events)
          messages.on(
            "postgres_changes",
            { event, schema: "public", table: kind.table, filter },
            (payload) => {
              const message = payload.new as ThreadMessage;
              emit({ kind: event === "INSERT" ? "message" : "update", of: kind.name, message } as InboxEvent);
              // A message in the thread on screen is marked read at once, and that refreshes the count itself;
              // the other person reading what I sent leaves my count as it is.
              if (message.sender_id !== me && !isOpenThread(kind.name, kind.conversationOf(message)))
                refreshUnread();
            },
          );
    }
    messages
      // Hosted Realtime answers the join first and starts the change feed a moment later, saying so with
      // this system message: count again then too, or a message stored in between goes uncounted.
      .on("system", {}, (payload: { extension?: string; status?: string }) => {
        if (payload.extension === "postgres_changes" && payload.status === "ok") refreshUnread(0);
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
export function stopInbox(): Promise<void> {
  generation += 1;
  // Reset at once (not after the leave): a badge mounted again right away must start a new inbox.
  const leaving = channels;
  channels = [];
  starting = null;
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  set({ profileId: null, unread: 0, live: false });
  const supabase = createClient();
  const done = Promise.all([...leaving.map((c) => supabase.removeChannel(c)), stopPresence()]).then(() => {
    if (stopping === done) stopping = null;
  });
  stopping = done;
  return done;
}

"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { catchUpOnReturn, subscribeWithCatchUp } from "./catch-up";
import { applyUnreadFrom, setOpenThread } from "./inbox";
import type { ConversationKind, ThreadMessage } from "./kind";
import { lastOf, mergeMessages } from "./order";
import { realtimeClient } from "./realtime-client";

type Options<M extends ThreadMessage, F> = {
  kind: ConversationKind<M, F>;
  id: string;
  me: string;
  initial: M[];
  /** More of the kind's live state on the thread's channel (a team's read state); `filter` names the thread. */
  bind?: (channel: RealtimeChannel, filter: string) => void;
  /** What else the kind's catch-up answered (a team's members and how far they have read). */
  onFetched?: (fetched: F) => void;
};

/**
 * One open thread of any kind, live: subscribes to its private channel, merges new (and changed) messages by
 * id in created_at order, and marks the others' messages read while the tab is visible (the answer carries
 * the unread count the badge shows). Catch-up: whenever the channel (re)subscribes, the tab comes back into
 * view or the browser is back online, it fetches what was stored after the last message on screen.
 */
export function useLiveThread<M extends ThreadMessage, F>({
  kind,
  id,
  me,
  initial,
  bind,
  onFetched,
}: Options<M, F>) {
  const [messages, setMessages] = useState(initial);
  const [live, setLive] = useState(false);
  const lastRef = useRef(lastOf(initial));
  const markTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Kept in refs: a caller's new function on each render must not join the channel again.
  const extra = useRef({ bind, onFetched });
  useEffect(() => {
    extra.current = { bind, onFetched };
  });

  const merge = useCallback(
    (incoming: M[]) => {
      setMessages((current) => {
        const next = mergeMessages(
          current,
          incoming.filter((m) => kind.conversationOf(m) === id),
        );
        lastRef.current = lastOf(next);
        return next;
      });
    },
    [kind, id],
  );

  const markReadSoon = useCallback(() => {
    if (document.hidden) return;
    if (markTimer.current) clearTimeout(markTimer.current);
    markTimer.current = setTimeout(() => {
      void applyUnreadFrom(async () => {
        const result = await kind.markRead(id);
        if (!result.ok) throw new Error(result.error);
        return result.unread;
      }).catch(() => {});
    }, 100);
  }, [kind, id]);

  const catchUp = useCallback(async () => {
    const last = lastRef.current;
    const result = await kind
      .fetch(id, last && { created_at: last.created_at, id: last.id })
      .catch(() => null);
    if (!result?.ok) return;
    merge(result.messages);
    extra.current.onFetched?.(result);
    if (result.messages.some((m) => kind.unreadBy(m, me))) markReadSoon();
  }, [kind, id, me, merge, markReadSoon]);

  useEffect(() => {
    setOpenThread(kind.name, id);
    markReadSoon();
    let cancelled = false;
    let supabase: SupabaseClient | null = null;
    let channel: RealtimeChannel | null = null;
    const filter = `${kind.column}=eq.${id}`;
    void realtimeClient().then((client) => {
      if (cancelled) return;
      supabase = client;
      const thread = client.channel(kind.topic(id), { config: { private: true } });
      for (const event of kind.events)
        thread.on("postgres_changes", { event, schema: "public", table: kind.table, filter }, (payload) => {
          const message = payload.new as M;
          merge([message]);
          if (event === "INSERT" && message.sender_id !== me) markReadSoon();
        });
      extra.current.bind?.(thread, filter);
      channel = thread;
      subscribeWithCatchUp(thread, catchUp, setLive);
    });
    const stopCatchUpOnReturn = catchUpOnReturn(catchUp);
    return () => {
      setOpenThread(kind.name, null);
      if (markTimer.current) clearTimeout(markTimer.current);
      stopCatchUpOnReturn();
      cancelled = true;
      if (supabase && channel) void supabase.removeChannel(channel);
    };
  }, [kind, id, me, merge, markReadSoon, catchUp]);

  return { messages, live, merge };
}

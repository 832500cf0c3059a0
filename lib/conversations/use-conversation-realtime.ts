"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { fetchMessages, markRead } from "@/lib/actions/messages";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { applyUnreadFrom, setOpenConversation } from "./inbox";
import { catchUpOnReturn, subscribeWithCatchUp } from "./catch-up";
import { realtimeClient } from "./realtime-client";
import { lastOf, mergeMessages } from "./order";
import type { Message } from "./types";

type Options = { conversationId: string; me: string; initial: Message[] };

/**
 * One open thread, live: subscribes to the conversation's INSERTs (and UPDATEs, for the read flag), merges
 * them by id in created_at order, and marks the other person's messages read while the tab is visible.
 * Catch-up: whenever the channel (re)subscribes, the tab comes back into view or the browser is back
 * online, it fetches what was stored after the last message on screen, so nothing is lost in a drop.
 */
export function useConversationRealtime({ conversationId, me, initial }: Options) {
  const [messages, setMessages] = useState(initial);
  const [live, setLive] = useState(false);
  const lastRef = useRef(lastOf(initial));
  const markTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const merge = useCallback(
    (incoming: Message[]) => {
      setMessages((current) => {
        const next = mergeMessages(
          current,
          incoming.filter((m) => m.conversation_id === conversationId),
        );
        lastRef.current = lastOf(next);
        return next;
      });
    },
    [conversationId],
  );

  const markReadSoon = useCallback(() => {
    if (document.hidden) return;
    if (markTimer.current) clearTimeout(markTimer.current);
    markTimer.current = setTimeout(() => {
      // The answer carries the unread count it leaves: the badge takes it, with no second request.
      void applyUnreadFrom(async () => {
        const result = await markRead(conversationId);
        if (!result.ok) throw new Error(result.error);
        return result.unread;
      }).catch(() => {});
    }, 100);
  }, [conversationId]);

  const catchUp = useCallback(async () => {
    const last = lastRef.current;
    const result = await fetchMessages(
      conversationId,
      last && { created_at: last.created_at, id: last.id },
    ).catch(() => null);
    if (!result?.ok) return;
    merge(result.messages);
    if (result.messages.some((m) => m.sender_id !== me && !m.read)) markReadSoon();
  }, [conversationId, me, merge, markReadSoon]);

  useEffect(() => {
    setOpenConversation(conversationId);
    markReadSoon();
    let cancelled = false;
    let supabase: SupabaseClient | null = null;
    let channel: RealtimeChannel | null = null;
    const filter = `conversation_id=eq.${conversationId}`;
    void realtimeClient().then((client) => {
      if (cancelled) return;
      supabase = client;
      channel = client
        .channel(`thread:${conversationId}`, { config: { private: true } })
        .on(
          "postgres_changes",
          { event: "INSERT", schema: "public", table: "messages", filter },
          (payload) => {
            const message = payload.new as Message;
            merge([message]);
            if (message.sender_id !== me) markReadSoon();
          },
        )
        .on("postgres_changes", { event: "UPDATE", schema: "public", table: "messages", filter }, (payload) =>
          merge([payload.new as Message]),
        );
      subscribeWithCatchUp(channel, catchUp, setLive);
    });
    const stopCatchUpOnReturn = catchUpOnReturn(catchUp);
    return () => {
      setOpenConversation(null);
      if (markTimer.current) clearTimeout(markTimer.current);
      stopCatchUpOnReturn();
      cancelled = true;
      if (supabase && channel) void supabase.removeChannel(channel);
    };
  }, [conversationId, me, merge, markReadSoon, catchUp]);

  return { messages, live, merge };
}

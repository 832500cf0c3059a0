"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { fetchTeamChat, markTeamChatReadAction } from "@/lib/actions/team-chat";
import { applyUnreadFrom, setOpenTeamChat } from "./inbox";
import { lastOf, mergeMessages, timeKey } from "./order";
import { catchUpOnReturn, subscribeWithCatchUp } from "./catch-up";
import { realtimeClient } from "./realtime-client";
import type { TeamChatMember, TeamChatMessage } from "./types";

type Options = { teamId: string; me: string; initial: TeamChatMessage[]; members: TeamChatMember[] };
type ReadRow = { team_id: string; profile_id: string; last_read_at: string };

/**
 * One open team chat, live, on the private channel team:<team id>: the team's new messages, merged by id in
 * created_at order, and each member's read state ("Seen by N"). The others' messages are marked read while
 * the tab is visible. Catch-up: whenever the channel (re)subscribes, the tab comes back into view or the
 * browser is back online, it fetches what was stored after the last message on screen, and the read state.
 */
export function useTeamChatRealtime({ teamId, me, initial, members: initialMembers }: Options) {
  const [messages, setMessages] = useState(initial);
  const [members, setMembers] = useState(initialMembers);
  const [live, setLive] = useState(false);
  const lastRef = useRef(lastOf(initial));
  const markTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const merge = useCallback(
    (incoming: TeamChatMessage[]) => {
      setMessages((current) => {
        const next = mergeMessages(
          current,
          incoming.filter((m) => m.team_id === teamId),
        );
        lastRef.current = lastOf(next);
        return next;
      });
    },
    [teamId],
  );

  const applyRead = useCallback((row: ReadRow) => {
    setMembers((list) =>
      list.map((m) =>
        m.profile_id === row.profile_id &&
        (!m.last_read_at || timeKey(m.last_read_at) < timeKey(row.last_read_at))
          ? { ...m, last_read_at: row.last_read_at }
          : m,
      ),
    );
  }, []);

  const markReadSoon = useCallback(() => {
    if (document.hidden) return;
    if (markTimer.current) clearTimeout(markTimer.current);
    markTimer.current = setTimeout(() => {
      void applyUnreadFrom(async () => {
        const result = await markTeamChatReadAction(teamId);
        if (!result.ok) throw new Error(result.error);
        return result.unread;
      }).catch(() => {});
    }, 100);
  }, [teamId]);

  const catchUp = useCallback(async () => {
    const last = lastRef.current;
    const result = await fetchTeamChat(teamId, last && { created_at: last.created_at, id: last.id }).catch(
      () => null,
    );
    if (!result?.ok) return;
    merge(result.messages);
    setMembers(result.members);
    if (result.messages.some((m) => m.sender_id !== me)) markReadSoon();
  }, [teamId, me, merge, markReadSoon]);

  useEffect(() => {
    setOpenTeamChat(teamId);
    markReadSoon();
    let cancelled = false;
    let supabase: SupabaseClient | null = null;
    let channel: RealtimeChannel | null = null;
    const filter = `team_id=eq.${teamId}`;
    void realtimeClient().then((client) => {
      if (cancelled) return;
      supabase = client;
      channel = client
        .channel(`team:${teamId}`, { config: { private: true } })
        .on(
          "postgres_changes",
          { event: "INSERT", schema: "public", table: "team_chat_messages", filter },
          (payload) => {
            const message = payload.new as TeamChatMessage;
            merge([message]);
            if (message.sender_id !== me) markReadSoon();
          },
        )
        .on(
          "postgres_changes",
          { event: "*", schema: "public", table: "team_chat_reads", filter },
          (payload) => {
            if (payload.new && "profile_id" in payload.new) applyRead(payload.new as ReadRow);
          },
        );
      subscribeWithCatchUp(channel, catchUp, setLive);
    });
    const stopCatchUpOnReturn = catchUpOnReturn(catchUp);
    return () => {
      setOpenTeamChat(null);
      if (markTimer.current) clearTimeout(markTimer.current);
      stopCatchUpOnReturn();
      cancelled = true;
      if (supabase && channel) void supabase.removeChannel(channel);
    };
  }, [teamId, me, merge, markReadSoon, catchUp, applyRead]);

  return { messages, members, live, merge };
}

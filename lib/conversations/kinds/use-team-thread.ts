"use client";

import { useCallback, useState } from "react";
import type { RealtimeChannel } from "@supabase/supabase-js";
import { timeKey } from "../order";
import type { TeamChatMember, TeamChatMessage } from "../types";
import { useLiveThread } from "../use-live-thread";
import { teamKind } from "./team";

type ReadRow = { team_id: string; profile_id: string; last_read_at: string };

/**
 * A team's chat open on screen: the shared live thread, and each member's read state ("Seen by N") kept
 * current on the same channel (team_chat_reads) and with every catch-up.
 */
export function useTeamThread(options: {
  teamId: string;
  me: string;
  initial: TeamChatMessage[];
  members: TeamChatMember[];
}) {
  const [members, setMembers] = useState(options.members);
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
  const bind = useCallback(
    (channel: RealtimeChannel, filter: string) =>
      void channel.on(
        "postgres_changes",
        { event: "*", schema: "public", table: "team_chat_reads", filter },
        (payload) => {
          if (payload.new && "profile_id" in payload.new) applyRead(payload.new as ReadRow);
        },
      ),
    [applyRead],
  );
  const thread = useLiveThread({
    kind: teamKind,
    id: options.teamId,
    me: options.me,
    initial: options.initial,
    bind,
    onFetched: (fetched) => setMembers(fetched.members),
  });
  return { ...thread, members };
}

"use client";

import { useCallback, useState } from "react";
import type { RealtimeChannel } from "@supabase/supabase-js";
import type { ConversationKind, ThreadMessage } from "../kind";
import { timeKey } from "../order";
import type { GroupChatMember } from "../types";
import { useLiveThread } from "../use-live-thread";

type ReadRow = { profile_id: string; last_read_at: string };

/**
 * A group chat open on screen (a team's, a session date's): the shared live thread, and each member's read
 * state ("Seen by N") kept current on the same channel (the kind's reads table) and with every catch-up.
 */
export function useGroupThread<M extends ThreadMessage>(options: {
  kind: ConversationKind<M, { members: GroupChatMember[] }>;
  /** The table of the members' read state, filtered by the kind's column like its messages. */
  readsTable: string;
  id: string;
  me: string;
  initial: M[];
  members: GroupChatMember[];
}) {
  const { readsTable } = options;
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
        { event: "*", schema: "public", table: readsTable, filter },
        (payload) => {
          if (payload.new && "profile_id" in payload.new) applyRead(payload.new as ReadRow);
        },
      ),
    [applyRead, readsTable],
  );
  const thread = useLiveThread({
    kind: options.kind,
    id: options.id,
    me: options.me,
    initial: options.initial,
    bind,
    onFetched: (fetched) => setMembers(fetched.members),
  });
  return { ...thread, members };
}

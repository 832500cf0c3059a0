"use client";

import type { GroupChatMember, SessionChatMessage } from "../types";
import { sessionKind } from "./session";
import { useGroupThread } from "./use-group-thread";

/** A session date's chat open on screen, with its members' read state (session_chat_reads). */
export function useSessionThread(options: {
  occurrenceId: string;
  me: string;
  initial: SessionChatMessage[];
  members: GroupChatMember[];
}) {
  return useGroupThread({
    kind: sessionKind,
    readsTable: "session_chat_reads",
    id: options.occurrenceId,
    me: options.me,
    initial: options.initial,
    members: options.members,
  });
}

"use client";

import type { TeamChatMember, TeamChatMessage } from "../types";
import { teamKind } from "./team";
import { useGroupThread } from "./use-group-thread";

/** A team's chat open on screen, with its members' read state (team_chat_reads). */
export function useTeamThread(options: {
  teamId: string;
  me: string;
  initial: TeamChatMessage[];
  members: TeamChatMember[];
}) {
  return useGroupThread({
    kind: teamKind,
    readsTable: "team_chat_reads",
    id: options.teamId,
    me: options.me,
    initial: options.initial,
    members: options.members,
  });
}

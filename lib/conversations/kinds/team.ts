import {
  fetchTeamChatAction,
  markTeamChatReadAction,
  sendTeamChatMessageAction,
  sendTeamChatMessageFromFormAction,
} from "@/lib/actions/team-chat";
import type { ConversationKind, SendAnswer } from "../kind";
import { teamChatFilter } from "../inbox-filters";
import { teamChatPath } from "../paths";
import type { TeamChatMember, TeamChatMessage } from "../types";

/**
 * A team's chat (docs/product.md#team-chat): its members are the team's active roster; each member's read
 * state ("Seen by N") comes with the thread.
 */
export const teamKind: ConversationKind<TeamChatMessage, { members: TeamChatMember[] }> = {
  name: "team",
  path: teamChatPath,
  topic: (id) => `team:${id}`,
  table: "team_chat_messages",
  column: "team_id",
  conversationOf: (m) => m.team_id,
  events: ["INSERT"],
  // The team chats the athlete is in as the page loaded: one filter for all of them.
  inboxFilters: ({ teamIds }) => (teamIds.length ? [teamChatFilter(teamIds)] : []),
  unreadBy: (m, me) => m.sender_id !== me,
  blockable: false,
  fetch: (id, after) => fetchTeamChatAction(id, after),
  markRead: (id) => markTeamChatReadAction(id),
  send: ({ id, to, content }) => sendTeamChatMessageAction({ id, teamId: to, content }),
  // The server action itself, not a wrapper: a form posts to it before the page's scripts have run.
  sendFromForm: sendTeamChatMessageFromFormAction as (
    previous: SendAnswer<TeamChatMessage> | null,
    form: FormData,
  ) => Promise<SendAnswer<TeamChatMessage>>,
  formField: "teamId",
  arrivedText: (preview) => `New in your team chat: ${preview}`,
};

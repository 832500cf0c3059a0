/**
 * Shapes of every kind of conversation (a 1:1 conversation, a team's chat, a session date's chat), shared by
 * the server (lib/data) and the browser (live thread, list). No server code here.
 */

/** The other athlete as the list may show them: these four fields only (their profile may be private). */
export type OtherParticipant = {
  id: string;
  username: string;
  full_name: string;
  avatar_url: string | null;
  /** Their photo's path when the viewer may see it (private.visible_photo_path), and its face image
   * (lib/photos/face-image.ts's FaceImage, made on the server). */
  photo_path?: string | null;
  photo?: { src: string; srcSet: string } | null;
};

/** A conversation row of the list (docs/product.md#messages, list view). Times are ISO strings. */
export type ConversationSummary = {
  id: string;
  updated_at: string;
  other_participant: OtherParticipant | null;
  last_message: { content: string; created_at: string; sender_id: string | null } | null;
  unread_count: number;
};

/** A message (docs/product.md#messages). `created_at` keeps Postgres' microseconds, which order a busy thread. */
export type Message = {
  id: string;
  conversation_id: string;
  /** Null for a notice from the app (a team closed when its creator deleted their account). */
  sender_id: string | null;
  content: string;
  created_at: string;
  read: boolean;
};

/** A team-chat message (docs/product.md#team-chat). `created_at` keeps Postgres' microseconds, which order a busy chat. */
export type TeamChatMessage = {
  id: string;
  team_id: string;
  sender_id: string;
  content: string;
  created_at: string;
};

/** A member of the chat as fellow members see them, with how far they have read (ISO, null: nothing yet). */
export type TeamChatMember = {
  profile_id: string;
  username: string;
  full_name: string;
  avatar_url: string | null;
  last_read_at: string | null;
};

/** A row of "my team chats" (the top of /messages, the dashboard). */
export type TeamChatSummary = {
  team_id: string;
  team_name: string;
  member_count: number;
  last_message: { content: string; created_at: string; sender_id: string; sender_name: string } | null;
  unread_count: number;
};

/** A session-chat message (docs/product.md#session-chat): one date of a training session's group chat. */
export type SessionChatMessage = {
  id: string;
  occurrence_id: string;
  sender_id: string;
  content: string;
  created_at: string;
};

/** A member of a group chat (a team's, a session date's) as fellow members see them, with their read state. */
export type GroupChatMember = TeamChatMember;

/** A row of "my session chats" (/messages): the session's title and date, members, last message, unread. */
export type SessionChatSummary = {
  occurrence_id: string;
  session_id: string;
  title: string;
  starts_at: string;
  cancelled: boolean;
  member_count: number;
  last_message: { content: string; created_at: string; sender_id: string; sender_name: string } | null;
  unread_count: number;
};

/** Shapes of a team's chat shared by the server (lib/data/team-chat.ts) and the browser. No server code here. */

/** A team-chat message. `created_at` keeps Postgres' microseconds, which order a busy chat. */
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

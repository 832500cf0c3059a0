import { teamChatPath } from "@/lib/conversations/paths";
import { previewText } from "@/lib/conversations/profile-links";
import type { TeamChatSummary } from "@/lib/conversations/types";
import { ConversationRows } from "./conversation-rows";
import { TeamBadge } from "./team-badge";

/**
 * The athlete's team chats (team, member count, last message with its sender's first name, unread count).
 * Renders nothing for an athlete in no team.
 */
export function TeamList({
  chats,
  me,
  activeId = null,
}: {
  chats: TeamChatSummary[];
  me: string;
  activeId?: string | null;
}) {
  if (chats.length === 0) return null;
  return (
    <ConversationRows
      rows={chats.map((c) => {
        const last = c.last_message;
        const who = last ? (last.sender_id === me ? "You" : last.sender_name.split(/\s+/)[0]) : null;
        return {
          key: c.team_id,
          href: teamChatPath(c.team_id),
          picture: (
            <span className="pt-1">
              <TeamBadge name={c.team_name} />
            </span>
          ),
          title: c.team_name,
          detail: c.member_count === 1 ? "1 member" : `${c.member_count} members`,
          at: last?.created_at ?? null,
          preview: last ? `${who ? `${who}: ` : ""}${previewText(last.content)}` : "No messages yet",
          unread: c.unread_count,
          active: c.team_id === activeId,
        };
      })}
    />
  );
}

import { sessionChatPath } from "@/lib/conversations/paths";
import { previewText } from "@/lib/conversations/profile-links";
import type { SessionChatSummary } from "@/lib/conversations/types";
import { formatSessionStart } from "@/lib/sessions/format";
import { ConversationRows } from "./conversation-rows";
import { SessionBadge } from "./session-badge";

/**
 * The athlete's session chats (the session's title and date, who is in it, the last message with its
 * sender's first name, unread count). Renders nothing for an athlete in no session.
 */
export function SessionList({
  chats,
  me,
  activeId = null,
}: {
  chats: SessionChatSummary[];
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
          key: c.occurrence_id,
          href: sessionChatPath(c.occurrence_id),
          picture: (
            <span className="pt-1">
              <SessionBadge startsAt={c.starts_at} />
            </span>
          ),
          title: c.title,
          detail: `${formatSessionStart(c.starts_at)}${c.cancelled ? " · cancelled" : ""}`,
          at: last?.created_at ?? null,
          preview: last ? `${who ? `${who}: ` : ""}${previewText(last.content)}` : "No messages yet",
          unread: c.unread_count,
          active: c.occurrence_id === activeId,
        };
      })}
    />
  );
}

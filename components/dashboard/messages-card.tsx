import Link from "next/link";
import { relativeTime } from "@/lib/format/relative-time";
import { deletedAthleteName } from "@/lib/conversations/deleted-athlete";
import type { ConversationSummary } from "@/lib/conversations/types";
import { cardLink, DashboardCard } from "./dashboard-card";
import { previewText } from "@/lib/conversations/profile-links";
import { sessionChatPath, teamChatPath } from "@/lib/conversations/paths";
import type { SessionChatSummary, TeamChatSummary } from "@/lib/conversations/types";
import { formatSessionDay } from "@/lib/sessions/format";

const groupList = "mb-3 divide-y divide-slate-100 border-b border-slate-100";

/**
 * Messages (docs/product.md#dashboard): the athlete's group chats first (their team chats, then their latest
 * session chats, each with its unread count and last message), then the 3 latest conversations, or the
 * empty state with a way to find athletes.
 */
export function MessagesCard({
  conversations,
  teamChats = [],
  sessionChats = [],
  me = "",
}: {
  conversations: ConversationSummary[];
  teamChats?: TeamChatSummary[];
  sessionChats?: SessionChatSummary[];
  me?: string;
}) {
  return (
    <DashboardCard id="messages" title="Messages">
      {teamChats.length ? (
        <ul className={groupList} aria-label="Team chats">
          {teamChats.map((t) => (
            <GroupChatRow
              key={t.team_id}
              href={teamChatPath(t.team_id)}
              name={`${t.team_name} team chat`}
              unread={t.unread_count}
              last={t.last_message}
              me={me}
            />
          ))}
        </ul>
      ) : null}
      {sessionChats.length ? (
        <ul className={groupList} aria-label="Session chats">
          {sessionChats.map((c) => (
            <GroupChatRow
              key={c.occurrence_id}
              href={sessionChatPath(c.occurrence_id)}
              name={c.title}
              when={`${formatSessionDay(c.starts_at)}${c.cancelled ? " (cancelled)" : ""}`}
              unread={c.unread_count}
              last={c.last_message}
              me={me}
            />
          ))}
        </ul>
      ) : null}
      {conversations.length === 0 && teamChats.length === 0 && sessionChats.length === 0 ? (
        <div>
          <p className="text-slate-700">No messages yet.</p>
          <Link href="/browse" className={`${cardLink} mt-3 inline-block`}>
            Find Athletes to Connect
          </Link>
        </div>
      ) : conversations.length === 0 ? (
        <Link href="/messages" className={`${cardLink} mt-auto pt-3`}>
          View All Messages
        </Link>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Latest conversations">
            {conversations.map((c) => (
              <li key={c.id} className="py-2 first:pt-0">
                <div className="flex items-baseline justify-between gap-2">
                  <p className="min-w-0 truncate font-semibold text-slate-900">
                    {c.other_participant
                      ? c.other_participant.full_name || "Unknown User"
                      : deletedAthleteName}
                  </p>
                  <p className="shrink-0 text-xs text-slate-600">
                    {relativeTime(c.last_message?.created_at ?? c.updated_at)}
                  </p>
                </div>
                <p className="min-w-0 truncate text-sm text-slate-700">
                  {(c.last_message ? previewText(c.last_message.content) : null) ?? "No messages yet."}
                </p>
              </li>
            ))}
          </ul>
          <Link href="/messages" className={`${cardLink} mt-auto pt-3`}>
            View All Messages
          </Link>
        </>
      )}
    </DashboardCard>
  );
}

/**
 * One group chat in the card: its name linking to it, its unread count, and the last message. A session's
 * date (`when`) stays whole when a long title is cut short.
 */
function GroupChatRow({
  href,
  name,
  when = "",
  unread,
  last,
  me,
}: {
  href: string;
  name: string;
  when?: string;
  unread: number;
  last: { content: string; sender_id: string; sender_name: string } | null;
  me: string;
}) {
  return (
    <li className="py-2 first:pt-0">
      <div className="flex items-baseline justify-between gap-2">
        <Link href={href} className="text-ocean-800 flex min-w-0 gap-1 font-semibold underline">
          <span className="min-w-0 truncate">
            {name}
            {when ? "," : ""}
          </span>
          {when ? <span className="shrink-0 whitespace-nowrap">{when}</span> : null}
        </Link>
        {unread > 0 ? (
          <span className="bg-sunset-700 shrink-0 rounded-full px-2 py-0.5 text-xs font-bold text-white">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </div>
      <p className="min-w-0 truncate text-sm text-slate-700">
        {last
          ? `${last.sender_id === me ? "You" : last.sender_name}: ${previewText(last.content)}`
          : "No messages yet."}
      </p>
    </li>
  );
}

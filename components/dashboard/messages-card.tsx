import Link from "next/link";
import { relativeTime } from "@/lib/format/relative-time";
import { deletedAthleteName } from "@/lib/conversations/deleted-athlete";
import type { ConversationSummary } from "@/lib/conversations/types";
import { cardLink, DashboardCard } from "./dashboard-card";
import { previewText } from "@/lib/conversations/profile-links";
import { teamChatPath } from "@/lib/conversations/paths";
import type { TeamChatSummary } from "@/lib/conversations/types";

/**
 * Messages (docs/product.md#dashboard): the athlete's team chats first (each with its unread count), then the
 * 3 latest conversations, or the empty state with a way to find athletes.
 */
export function MessagesCard({
  conversations,
  teamChats = [],
  me = "",
}: {
  conversations: ConversationSummary[];
  teamChats?: TeamChatSummary[];
  me?: string;
}) {
  return (
    <DashboardCard id="messages" title="Messages">
      {teamChats.length ? (
        <ul className="mb-3 divide-y divide-slate-100 border-b border-slate-100" aria-label="Team chats">
          {teamChats.map((t) => (
            <li key={t.team_id} className="py-2 first:pt-0">
              <div className="flex items-baseline justify-between gap-2">
                <Link
                  href={teamChatPath(t.team_id)}
                  className="text-ocean-800 min-w-0 truncate font-semibold underline"
                >
                  {t.team_name} team chat
                </Link>
                {t.unread_count > 0 ? (
                  <span className="bg-sunset-700 shrink-0 rounded-full px-2 py-0.5 text-xs font-bold text-white">
                    {t.unread_count}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </div>
              <p className="min-w-0 truncate text-sm text-slate-700">
                {t.last_message
                  ? `${t.last_message.sender_id === me ? "You" : t.last_message.sender_name}: ${previewText(t.last_message.content)}`
                  : "No messages yet."}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {conversations.length === 0 && teamChats.length === 0 ? (
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

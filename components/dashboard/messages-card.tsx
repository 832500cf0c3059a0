import Link from "next/link";
import { relativeTime } from "@/lib/format/relative-time";
import { deletedAthleteName } from "@/lib/messages/deleted-athlete";
import type { ConversationSummary } from "@/lib/messages/types";
import { cardLink, DashboardCard } from "./dashboard-card";
import { previewText } from "@/lib/messages/profile-links";

/** Messages (docs/product.md#dashboard): the 3 latest conversations, or the empty state with a way to find athletes. */
export function MessagesCard({ conversations }: { conversations: ConversationSummary[] }) {
  return (
    <DashboardCard id="messages" title="Messages">
      {conversations.length === 0 ? (
        <div>
          <p className="text-slate-700">No messages yet.</p>
          <Link href="/browse" className={`${cardLink} mt-3 inline-block`}>
            Find Athletes to Connect
          </Link>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
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

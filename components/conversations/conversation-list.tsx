"use client";

import Link from "next/link";
import { deletedAthleteName } from "@/lib/conversations/deleted-athlete";
import type { ConversationSummary } from "@/lib/conversations/types";
import { Avatar } from "./avatar";
import { RelativeTime } from "./relative-time";
import { previewText } from "@/lib/conversations/profile-links";

/**
 * Messages (docs/product.md#messages), left: the conversations, newest first, with fallbacks Unknown User / unknown; a
 * conversation whose other side deleted their account shows "Deleted athlete".
 */
export function ConversationList({
  conversations,
  activeId,
}: {
  conversations: ConversationSummary[];
  activeId: string | null;
}) {
  if (conversations.length === 0) {
    return (
      <div className="px-4 py-10 text-center">
        <p className="font-semibold text-slate-800">No conversations yet.</p>
        <p className="mt-1 text-slate-600">Start connecting with athletes!</p>
        <Link href="/browse" className="text-ocean-700 mt-3 inline-block font-semibold underline">
          Browse athletes
        </Link>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {conversations.map((c) => {
        const other = c.other_participant;
        const active = c.id === activeId;
        // The open conversation is being read as it arrives: no unread count on it.
        const unread = active ? 0 : c.unread_count;
        return (
          <li key={c.id}>
            <Link
              href={`/messages?c=${c.id}`}
              aria-current={active ? "page" : undefined}
              className={`hover:bg-ocean-50 flex items-start gap-3 px-4 py-3 ${active ? "bg-ocean-50" : ""}`}
            >
              <Avatar person={other} />
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="min-w-0 truncate font-semibold text-slate-900">
                    {other ? other.full_name || "Unknown User" : deletedAthleteName}
                  </span>
                  {unread > 0 ? (
                    <span className="bg-sunset-700 shrink-0 rounded-full px-2 py-0.5 text-xs font-bold text-white">
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
                <span className="flex gap-1 text-sm text-slate-600">
                  <span className="min-w-0 truncate">
                    {other ? `@${other.username || "unknown"}` : "Account deleted"}
                  </span>
                  <span aria-hidden="true">·</span>
                  <RelativeTime
                    iso={c.last_message?.created_at ?? c.updated_at}
                    className="shrink-0 whitespace-nowrap"
                  />
                </span>
                <span
                  className={`mt-0.5 block min-w-0 truncate text-sm ${unread ? "font-semibold text-slate-900" : "text-slate-700"}`}
                >
                  {(c.last_message ? previewText(c.last_message.content) : null) ?? "No messages yet"}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

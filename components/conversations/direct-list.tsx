"use client";

import Link from "next/link";
import { deletedAthleteName } from "@/lib/conversations/deleted-athlete";
import { conversationPath } from "@/lib/conversations/paths";
import { previewText } from "@/lib/conversations/profile-links";
import type { ConversationSummary } from "@/lib/conversations/types";
import { Avatar } from "./avatar";
import { ConversationRows } from "./conversation-rows";

/**
 * The 1:1 conversations, newest first, with fallbacks Unknown User / unknown; a conversation whose other
 * side deleted their account shows "Deleted athlete".
 */
export function DirectList({
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
    <ConversationRows
      rows={conversations.map((c) => {
        const other = c.other_participant;
        return {
          key: c.id,
          href: conversationPath(c.id),
          picture: <Avatar person={other} />,
          title: other ? other.full_name || "Unknown User" : deletedAthleteName,
          detail: other ? `@${other.username || "unknown"}` : "Account deleted",
          at: c.last_message?.created_at ?? c.updated_at,
          preview: (c.last_message ? previewText(c.last_message.content) : null) ?? "No messages yet",
          unread: c.unread_count,
          active: c.id === activeId,
        };
      })}
    />
  );
}

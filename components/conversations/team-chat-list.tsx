import Link from "next/link";
import { RelativeTime } from "./relative-time";
import { previewText } from "@/lib/conversations/profile-links";
import { teamChatPath } from "@/lib/conversations/paths";
import type { TeamChatSummary } from "@/lib/conversations/types";
import { TeamBadge } from "./team-chat-thread";

/**
 * The athlete's team chats, one row each (team, last message with its sender, unread count): at the top of
 * /messages and on the dashboard. Renders nothing for an athlete in no team.
 */
export function TeamChatList({
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
    <ul className="divide-y divide-slate-100">
      {chats.map((c) => {
        const active = c.team_id === activeId;
        const unread = active ? 0 : c.unread_count;
        const last = c.last_message;
        const who = last ? (last.sender_id === me ? "You" : last.sender_name.split(/\s+/)[0]) : null;
        return (
          <li key={c.team_id}>
            <Link
              href={teamChatPath(c.team_id)}
              aria-current={active ? "page" : undefined}
              className={`hover:bg-ocean-50 flex items-start gap-3 px-4 py-3 ${active ? "bg-ocean-50" : ""}`}
            >
              <span className="pt-1">
                <TeamBadge name={c.team_name} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="min-w-0 truncate font-semibold text-slate-900">{c.team_name}</span>
                  {unread > 0 ? (
                    <span className="bg-sunset-700 shrink-0 rounded-full px-2 py-0.5 text-xs font-bold text-white">
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
                <span className="flex gap-1 text-sm text-slate-600">
                  <span className="shrink-0">
                    {c.member_count === 1 ? "1 member" : `${c.member_count} members`}
                  </span>
                  {last ? (
                    <>
                      <span aria-hidden="true">·</span>
                      <RelativeTime iso={last.created_at} className="min-w-0 truncate" />
                    </>
                  ) : null}
                </span>
                <span
                  className={`mt-0.5 block min-w-0 truncate text-sm ${unread ? "font-semibold text-slate-900" : "text-slate-700"}`}
                >
                  {last ? `${who ? `${who}: ` : ""}${previewText(last.content)}` : "No messages yet"}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

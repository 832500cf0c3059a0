"use client";

import Link from "next/link";
import { memo, useCallback, useRef } from "react";
import { useReportDialog } from "@/components/moderation/report-dialog";
import { ActionMenu } from "@/components/ui/action-menu";
import { MessageComposer } from "./message-composer";
import { useNewestInView } from "./use-newest-in-view";
import { MessageText } from "./message-text";
import { RelativeTime } from "./relative-time";
import { initials } from "@/lib/initials";
import { seenByCount, seenByText } from "@/lib/conversations/seen-by";
import type { TeamChatMember, TeamChatMessage } from "@/lib/conversations/types";
import { useTeamChatRealtime } from "@/lib/conversations/use-team-chat-realtime";

/** Who wrote a message that is still in the chat after its sender left the team. */
export const formerMemberName = "Former member";

/**
 * A team's chat: header (back to the list on a phone, the team, its members), the messages with each
 * sender's name (own messages right; "Seen by N" under one's latest), a menu with Report on the others'
 * messages, and the composer. On /messages it fills the screen on a phone as the 1:1 chat does; on the team
 * page (`embedded`) it is a fixed-height card.
 */
export function TeamChatThread({
  team,
  me,
  initial,
  members: initialMembers,
  earlyId,
  embedded = false,
}: {
  team: { id: string; name: string };
  me: string;
  initial: TeamChatMessage[];
  members: TeamChatMember[];
  earlyId: string;
  embedded?: boolean;
}) {
  const { messages, members, merge, live } = useTeamChatRealtime({
    teamId: team.id,
    me,
    initial,
    members: initialMembers,
  });
  const newestInView = useNewestInView(messages.length);
  const reportFrom = useRef<HTMLElement | null>(null);
  const report = useReportDialog(() => reportFrom.current?.focus());
  const names = new Map(members.map((m) => [m.profile_id, m.full_name || "Unknown User"]));
  const nameOf = (id: string) => names.get(id) ?? formerMemberName;
  const last = messages.at(-1);
  const others = members.filter((m) => m.profile_id !== me).length;
  const titleId = embedded ? "team-chat-title" : "thread-title";

  const openReport = report.open;
  const reportMessage = useCallback(
    (id: string, name: string) => {
      reportFrom.current = document.activeElement as HTMLElement | null;
      openReport({ kind: "message", targetId: id, subject: `message from ${name}` });
    },
    [openReport],
  );

  return (
    <section aria-labelledby={titleId} className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 md:px-4 md:py-3">
        {embedded ? null : (
          <Link
            href="/messages"
            aria-label="All conversations"
            className="text-ocean-800 hover:bg-ocean-50 inline-flex size-11 shrink-0 items-center justify-center rounded-full md:hidden"
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </Link>
        )}
        <TeamBadge name={team.name} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="min-w-0 truncate font-bold text-slate-900">
            {embedded ? "Team chat" : team.name}
          </h2>
          <p className="min-w-0 truncate text-sm text-slate-600">
            {members.length === 1 ? "Just you so far" : `${members.length} members`}
            {embedded ? null : (
              <>
                {" · "}
                <Link href={`/teams/${team.id}`} className="text-ocean-700 font-semibold underline">
                  Team page
                </Link>
              </>
            )}
          </p>
        </div>
      </header>
      <div
        {...newestInView}
        className={`relative min-h-0 space-y-2 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 md:px-4 ${embedded ? "h-96 flex-none" : "flex-1 md:h-[600px] md:flex-none"}`}
        role="log"
        data-live={live}
        aria-label={`Messages in ${team.name}'s team chat`}
        tabIndex={0}
      >
        {messages.length === 0 ? (
          <p className="py-10 text-center text-slate-600">
            No messages yet. Plan race morning here: who racks the bike, where the chip changes hands.
          </p>
        ) : (
          messages.map((m, i) => (
            <TeamChatRow
              key={m.id}
              message={m}
              own={m.sender_id === me}
              name={nameOf(m.sender_id)}
              // A run of messages from one sender shows the name once.
              showName={m.sender_id !== me && messages[i - 1]?.sender_id !== m.sender_id}
              onReport={reportMessage}
            />
          ))
        )}
        {last && last.sender_id === me ? (
          <p className="text-right text-xs text-slate-600" data-testid="seen-by">
            {seenByText(seenByCount(last, members), others)}
          </p>
        ) : null}
      </div>
      <MessageComposer
        teamId={team.id}
        earlyId={earlyId}
        placeholder="To the team..."
        onSent={(m) => merge([m])}
      />
      {report.dialog}
    </section>
  );
}

/** The team's initials in a rounded square (a team has no picture). */
export function TeamBadge({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="bg-sunset-700 flex size-9 shrink-0 items-center justify-center rounded-lg text-sm font-bold text-white"
    >
      {initials(name) || "?"}
    </span>
  );
}

/** One message of the chat; memoized, as a new message replaces only its own row. */
const TeamChatRow = memo(function TeamChatRow({
  message: m,
  own,
  name,
  showName,
  onReport,
}: {
  message: TeamChatMessage;
  own: boolean;
  name: string;
  showName: boolean;
  onReport: (id: string, name: string) => void;
}) {
  return (
    <div
      className={`flex items-center gap-1 ${own ? "justify-end" : "justify-start"}`}
      data-message-id={m.id}
    >
      <div
        className={`max-w-[80%] rounded-2xl px-3 py-2 ${own ? "bg-ocean-700 text-white" : "border border-slate-200 bg-white text-slate-900"}`}
      >
        {showName ? (
          <p className="text-ocean-800 text-xs font-bold" aria-hidden="true">
            {name}
          </p>
        ) : null}
        <MessageText content={m.content} />
        <p className={`mt-1 text-xs ${own ? "text-ocean-100" : "text-slate-600"}`}>
          <span className="sr-only">{own ? "You, " : `${name}, `}</span>
          <RelativeTime iso={m.created_at} />
        </p>
      </div>
      {own ? null : (
        <ActionMenu
          label={`Options for message from ${name}`}
          items={[{ label: "Report message", onSelect: () => onReport(m.id, name), danger: true }]}
          size="sm"
        />
      )}
    </div>
  );
});

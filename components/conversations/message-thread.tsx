"use client";

import Link from "next/link";
import { memo, useCallback, useRef, useState, type ReactNode } from "react";
import { deletedAthleteName } from "@/lib/conversations/deleted-athlete";
import type { ConversationSummary, Message } from "@/lib/conversations/types";
import { useConversationRealtime } from "@/lib/conversations/use-conversation-realtime";
import { useReportDialog } from "@/components/moderation/report-dialog";
import { BlockPanel, type BlockStep } from "@/components/blocks/block-button";
import { ActionMenu, type ActionMenuHandle } from "@/components/ui/action-menu";
import { Avatar } from "./avatar";
import { useNewestInView } from "./use-newest-in-view";
import { MessageText } from "./message-text";
import { MessageComposer } from "./message-composer";
import { RelativeTime } from "./relative-time";

/**
 * The open conversation: its header (back to the list on a phone, the other athlete, a menu with Report
 * and Block), the messages (600 px tall on wide screens, the rest of the screen on a phone; newest at the
 * bottom, own messages right) and the composer.
 */
export function MessageThread({
  conversation,
  me,
  initial,
  earlyId,
  above = null,
}: {
  conversation: ConversationSummary;
  me: string;
  initial: Message[];
  /** The id a message sent before the page's scripts have run is stored under (MessageComposer). */
  earlyId: string;
  /** A card between the header and the messages (the join request this conversation is about). */
  above?: ReactNode;
}) {
  const { messages, merge, live } = useConversationRealtime({ conversationId: conversation.id, me, initial });
  const newestInView = useNewestInView(messages.length);
  const menu = useRef<ActionMenuHandle>(null);
  const reportFrom = useRef<HTMLElement | null>(null);
  const [blockStep, setBlockStep] = useState<BlockStep>("idle");
  const other = conversation.other_participant;
  // No other participant: they deleted their account (their messages went with it).
  const name = other ? other.full_name || "Unknown User" : deletedAthleteName;
  const lastOwnRead = [...messages].reverse().find((m) => m.sender_id === me)?.read ?? false;
  const report = useReportDialog(() => reportFrom.current?.focus());

  const openReport = report.open;
  const reportMessage = useCallback(
    (id: string) => {
      reportFrom.current = document.activeElement as HTMLElement | null;
      openReport({ kind: "message", targetId: id, subject: `message from ${name}` });
    },
    [openReport, name],
  );

  const menuItems = other
    ? [
        {
          label: `Report ${name}`,
          onSelect: () => {
            reportFrom.current = document.activeElement as HTMLElement | null;
            report.open({ kind: "profile", targetId: other.id, subject: `${name}'s profile` });
          },
        },
        { label: `Block ${name}`, onSelect: () => setBlockStep("confirm"), danger: true },
      ]
    : [];

  return (
    <section aria-labelledby="thread-title" className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 md:px-4 md:py-3">
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
        <Avatar person={other} size="sm" />
        <div className="min-w-0 flex-1">
          <h2 id="thread-title" className="min-w-0 truncate font-bold text-slate-900">
            {name}
          </h2>
          <p className="min-w-0 truncate text-sm text-slate-600">
            {other ? `@${other.username || "unknown"}` : "Account deleted"}
          </p>
        </div>
        {other ? (
          <ActionMenu ref={menu} label={`Options for the conversation with ${name}`} items={menuItems} />
        ) : null}
      </header>
      {other && blockStep !== "idle" ? (
        <div className="border-b border-slate-200 bg-white px-4 py-2 text-sm">
          <BlockPanel
            profileId={other.id}
            name={name}
            step={blockStep}
            onStep={setBlockStep}
            onCancel={() => menu.current?.focus()}
          />
        </div>
      ) : null}
      {above ? <div className="shrink-0 pb-3">{above}</div> : null}
      <div
        {...newestInView}
        // relative: the screen-reader-only labels inside are clipped with the log, not left below the page.
        className="relative min-h-0 flex-1 space-y-2 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 md:h-[600px] md:flex-none md:px-4"
        role="log"
        data-live={live}
        aria-label={`Messages with ${name}`}
        tabIndex={0}
      >
        {messages.length === 0 ? (
          <p className="py-10 text-center text-slate-600">No messages yet. Start the conversation!</p>
        ) : (
          messages.map((m) => (
            <MessageRow
              key={m.id}
              message={m}
              own={m.sender_id === me}
              name={name}
              onReport={reportMessage}
            />
          ))
        )}
        {messages.length > 0 && messages[messages.length - 1]!.sender_id === me ? (
          <p className="text-right text-xs text-slate-600" data-testid="read-state">
            {lastOwnRead ? "Seen" : "Sent"}
          </p>
        ) : null}
      </div>
      {other ? (
        <MessageComposer conversationId={conversation.id} earlyId={earlyId} onSent={(m) => merge([m])} />
      ) : (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-700">
          {deletedAthleteName}: this account was deleted, so you can&apos;t reply.
        </p>
      )}
      {report.dialog}
    </section>
  );
}

/**
 * One message of the thread. Memoized: a new message or a read flag replaces one object in the list
 * (mergeMessages keeps the others), so only that row renders again, not the whole thread. Another
 * athlete's message has a small menu beside it with Report.
 */
const MessageRow = memo(function MessageRow({
  message: m,
  own,
  name,
  onReport,
}: {
  message: Message;
  own: boolean;
  name: string;
  onReport: (id: string) => void;
}) {
  const reportable = !own && m.sender_id !== null;
  return (
    <div
      className={`flex items-center gap-1 ${own ? "justify-end" : "justify-start"}`}
      data-message-id={m.id}
    >
      <div
        className={`max-w-[80%] rounded-2xl px-3 py-2 ${own ? "bg-ocean-700 text-white" : "border border-slate-200 bg-white text-slate-900"}`}
      >
        <MessageText content={m.content} />
        <p className={`mt-1 text-xs ${own ? "text-ocean-100" : "text-slate-600"}`}>
          <span className="sr-only">{own ? "You, " : `${name}, `}</span>
          <RelativeTime iso={m.created_at} />
        </p>
      </div>
      {reportable ? (
        <ActionMenu
          label={`Options for message from ${name}`}
          items={[{ label: "Report message", onSelect: () => onReport(m.id), danger: true }]}
          size="sm"
        />
      ) : null}
    </div>
  );
});

"use client";

import Link from "next/link";
import { memo, useCallback, useRef, type ReactNode } from "react";
import { useReportDialog } from "@/components/moderation/report-dialog";
import { ActionMenu } from "@/components/ui/action-menu";
import { canReport, type ThreadMessage } from "@/lib/conversations/kind";
import { MessageText } from "./message-text";
import { RelativeTime } from "./relative-time";
import { useNewestInView } from "./use-newest-in-view";

/**
 * The thread of every kind of conversation: a header (back to the list on a phone, the picture, title and
 * subtitle, the kind's actions), what the kind shows under it (a block step, a request card), the messages
 * (own right, newest at the bottom, "Report message" beside another member's), the read state under one's
 * latest, and the composer. On /messages it fills the screen on a phone; on a wide screen the messages are
 * 600 px tall, less when the screen is too short for that, so the composer is always in view
 * (app/globals.css, .chat-screen). `embedded` (the team page) makes it a fixed-height card.
 */
export function ThreadShell<M extends ThreadMessage>({
  titleId,
  title,
  subtitle,
  picture,
  actions = null,
  between = null,
  embedded = false,
  messages,
  me,
  live,
  logLabel,
  empty,
  nameOf,
  showNames = false,
  readState = null,
  footer,
  report,
}: {
  titleId: string;
  title: string;
  subtitle: ReactNode;
  picture: ReactNode;
  actions?: ReactNode;
  between?: ReactNode;
  embedded?: boolean;
  messages: M[];
  me: string;
  live: boolean;
  logLabel: string;
  empty: string;
  /** Who wrote a message, as the thread names them. */
  nameOf: (m: M) => string;
  /** A group's thread names each run of messages from one sender; a 1:1 thread does not. */
  showNames?: boolean;
  /** "Sent", "Seen"...: shown under one's own latest message. */
  readState?: { testId: string; text: string } | null;
  footer: ReactNode;
  /** The thread's report dialog (useThreadReport), also opened by the kind's own actions. */
  report: ThreadReport;
}) {
  const newestInView = useNewestInView(messages.length);
  const openReport = report.open;
  const reportMessage = useCallback(
    (id: string, name: string) =>
      openReport({ kind: "message", targetId: id, subject: `message from ${name}` }),
    [openReport],
  );
  const last = messages.at(-1);

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
        {picture}
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="min-w-0 truncate font-bold text-slate-900">
            {title}
          </h2>
          {/* Wraps rather than cuts: on a phone a session's start, its member count and the link to its page
              take two lines. */}
          <p className="min-w-0 text-sm wrap-break-word text-slate-600">{subtitle}</p>
        </div>
        {actions}
      </header>
      {between}
      <div
        {...newestInView}
        // relative: the screen-reader-only labels inside are clipped with the log, not left below the page.
        className={`relative min-h-0 space-y-2 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 md:px-4 ${embedded ? "h-96 flex-none" : "flex-1 md:flex-[0_1_600px]"}`}
        role="log"
        data-live={live}
        aria-label={logLabel}
        tabIndex={0}
      >
        {messages.length === 0 ? (
          <p className="py-10 text-center text-slate-600">{empty}</p>
        ) : (
          messages.map((m, i) => (
            <MessageRow
              key={m.id}
              message={m}
              own={m.sender_id === me}
              name={nameOf(m)}
              // A run of messages from one sender shows the name once.
              showName={showNames && m.sender_id !== me && messages[i - 1]?.sender_id !== m.sender_id}
              reportable={canReport(m, me)}
              onReport={reportMessage}
            />
          ))
        )}
        {readState && last && last.sender_id === me ? (
          <p className="text-right text-xs text-slate-600" data-testid={readState.testId}>
            {readState.text}
          </p>
        ) : null}
      </div>
      {footer}
      {report.dialog}
    </section>
  );
}

type ThreadReport = ReturnType<typeof useThreadReport>;

/** A thread's report dialog; focus goes back to what opened it. */
export function useThreadReport() {
  const from = useRef<HTMLElement | null>(null);
  const { open, dialog } = useReportDialog(() => from.current?.focus());
  const openFrom = useCallback(
    (target: Parameters<typeof open>[0]) => {
      from.current = document.activeElement as HTMLElement | null;
      open(target);
    },
    [open],
  );
  return { open: openFrom, dialog };
}

/**
 * One message of a thread. Memoized: a new message or a read flag replaces one object in the list
 * (mergeMessages keeps the others), so only that row renders again, not the whole thread.
 */
const MessageRow = memo(function MessageRow({
  message: m,
  own,
  name,
  showName,
  reportable,
  onReport,
}: {
  message: ThreadMessage;
  own: boolean;
  name: string;
  showName: boolean;
  reportable: boolean;
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
      {reportable ? (
        <ActionMenu
          label={`Options for message from ${name}`}
          items={[{ label: "Report message", onSelect: () => onReport(m.id, name), danger: true }]}
          size="sm"
        />
      ) : null}
    </div>
  );
});

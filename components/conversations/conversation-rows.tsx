import Link from "next/link";
import type { ReactNode } from "react";
import { RelativeTime } from "./relative-time";

/** A conversation of any kind as a list row shows it. */
export type ConversationRow = {
  key: string;
  href: string;
  picture: ReactNode;
  title: string;
  /** Beside the time: who it is with (@username, the member count). */
  detail: string;
  /** The last message's time (or the conversation's), none for a chat with no message yet. */
  at: string | null;
  preview: string;
  unread: number;
  active: boolean;
};

/**
 * The list of every kind of conversation (docs/product.md#messages, list view): newest first, each row
 * with its picture, title, time, the last message and its unread count. The open one is marked current and
 * counts no unread: it is being read as it arrives.
 */
export function ConversationRows({ rows }: { rows: ConversationRow[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {rows.map((row) => {
        const unread = row.active ? 0 : row.unread;
        return (
          <li key={row.key}>
            <Link
              href={row.href}
              aria-current={row.active ? "page" : undefined}
              className={`hover:bg-ocean-50 flex items-start gap-3 px-4 py-3 ${row.active ? "bg-ocean-50" : ""}`}
            >
              {row.picture}
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="min-w-0 truncate font-semibold text-slate-900">{row.title}</span>
                  {unread > 0 ? (
                    <span className="bg-sunset-700 shrink-0 rounded-full px-2 py-0.5 text-xs font-bold text-white">
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
                {/* The time goes to a line of its own, right-aligned, when both do not fit (a session's start
                    and "about 1 hour ago" at 360 px): the detail is cut only when longer than the whole row. */}
                <span className="flex flex-wrap justify-between gap-x-2 text-sm text-slate-600">
                  <span className="max-w-full min-w-0 truncate">{row.detail}</span>
                  {row.at ? <RelativeTime iso={row.at} className="ml-auto whitespace-nowrap" /> : null}
                </span>
                <span
                  className={`mt-0.5 block min-w-0 truncate text-sm ${unread ? "font-semibold text-slate-900" : "text-slate-700"}`}
                >
                  {row.preview}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

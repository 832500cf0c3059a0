"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useSyncExternalStore } from "react";
import { subscribeUnread, unreadCount } from "@/lib/conversations/unread-store";

// Outline icons, 24×24, drawn with the text colour.
const icons = {
  dashboard: "M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-5v-6h-4v6H5a1 1 0 0 1-1-1z",
  browse: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4",
  teams:
    "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M17 11a2.5 2.5 0 1 0 0-5M17.5 14a5 5 0 0 1 3.5 6",
  messages: "M4 5h16v11H9l-5 4z",
  // A cog (Feather's "settings", MIT).
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 0 1 0 2.83 2 2 0 0 1-2.83 0l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 0 1-2 2 2 2 0 0 1-2-2v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 0 1-2.83 0 2 2 0 0 1 0-2.83l.06-.06a1.65 1.65 0 0 0 .33-1.82 1.65 1.65 0 0 0-1.51-1H3a2 2 0 0 1-2-2 2 2 0 0 1 2-2h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 0 1 0-2.83 2 2 0 0 1 2.83 0l.06.06a1.65 1.65 0 0 0 1.82.33H9a1.65 1.65 0 0 0 1-1.51V3a2 2 0 0 1 2-2 2 2 0 0 1 2 2v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 0 1 2.83 0 2 2 0 0 1 0 2.83l-.06.06a1.65 1.65 0 0 0-.33 1.82V9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 0 1 2 2 2 2 0 0 1-2 2h-.09a1.65 1.65 0 0 0-1.51 1z",
} as const;

const tabs = [
  { href: "/dashboard", label: "Dashboard", icon: icons.dashboard },
  { href: "/browse", label: "Browse", icon: icons.browse },
  { href: "/teams", label: "Teams", icon: icons.teams },
  { href: "/messages", label: "Messages", icon: icons.messages },
  // Last: visited least, but notifications, the calendar feed and blocking live there.
  { href: "/settings", label: "Settings", icon: icons.settings },
] as const;

/**
 * The signed-in athlete's tab bar on a phone: the five places they go, one thumb away at the bottom
 * of the screen, the current one marked. Above the home indicator (safe-area inset); the page leaves room
 * for it (app/globals.css). From md up, where the top bar shows every link, it is hidden. Rendered by
 * ./tab-bar.tsx for a signed-in browser only.
 */
export default function Tabs() {
  const pathname = usePathname();
  const unread = useSyncExternalStore(subscribeUnread, unreadCount, () => 0);
  return (
    <nav
      aria-label="Tab bar"
      className="tab-bar fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-5">
        {tabs.map((tab) => {
          const current = pathname === tab.href || pathname.startsWith(`${tab.href}/`);
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={current ? "page" : undefined}
                // The count is part of the name, said as words: "Messages, 2 unread".
                aria-label={tab.href === "/messages" && unread > 0 ? `Messages, ${unread} unread` : undefined}
                className={`relative flex h-full flex-col items-center justify-center gap-0.5 text-xs font-semibold ${current ? "text-ocean-800" : "text-slate-600"}`}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="24"
                  height="24"
                  aria-hidden="true"
                  focusable="false"
                  fill={current ? "currentColor" : "none"}
                  fillOpacity={current ? 0.15 : undefined}
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={tab.icon} />
                </svg>
                {/* Set a little tight: at 360 px each tab is 72 px wide, and "Dashboard" ran over its edges. */}
                <span
                  className={`tracking-tight ${current ? "border-ocean-800 border-b-2" : "border-b-2 border-transparent"}`}
                >
                  {tab.label}
                </span>
                {tab.href === "/messages" && unread > 0 ? (
                  <span
                    className="bg-sunset-700 absolute top-1.5 left-1/2 ml-1 inline-flex min-w-5 items-center justify-center rounded-full px-1 text-[0.6875rem] leading-5 font-bold text-white"
                    data-testid="tab-unread-badge"
                  >
                    {unread > 99 ? "99+" : unread}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

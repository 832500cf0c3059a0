"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { subscribeUnread, unreadCount } from "@/lib/conversations/unread-store";

const panelId = "site-nav";
const focusable = "a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex='-1'])";

/**
 * The site navigation on small screens: a disclosure (button with aria-expanded) whose panel drops
 * below the header over a dimmed page. While open it behaves like a small dialog: focus moves to the
 * first link, Tab and Shift+Tab stay within the button and the links, Escape or a tap on the dimmed page
 * closes it and puts focus back on the button, the page behind does not scroll, and following a link
 * closes it. The links are server-rendered children; from md up they are shown inline and the button is
 * hidden.
 */
export function MobileNav({ children }: { children: ReactNode }) {
  // Remember on which page the menu was opened: navigating elsewhere closes it without an effect.
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // messaging: the unread count on the button too, since the Messages badge hides in the closed panel.
  const unread = useSyncExternalStore(subscribeUnread, unreadCount, () => 0);

  function close() {
    setOpenOn(null);
    buttonRef.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    const button = buttonRef.current;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>(focusable)?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        setOpenOn(null);
        button?.focus();
      } else if (event.key === "Tab" && button && panel) {
        const stops = [button, ...panel.querySelectorAll<HTMLElement>(focusable)].filter(
          (el) => el.tabIndex >= 0 && el.offsetParent !== null && !el.closest("[aria-hidden='true']"),
        );
        const index = stops.indexOf(document.activeElement as HTMLElement);
        const next = event.shiftKey ? index - 1 : index + 1;
        if (index === -1 || next < 0 || next >= stops.length) {
          event.preventDefault();
          stops.at(event.shiftKey ? -1 : 0)?.focus();
        }
      }
    }
    // From md up the links are inline and there is nothing to close: drop the open state.
    const wide = window.matchMedia("(min-width: 48rem)");
    const onWide = () => wide.matches && setOpenOn(null);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    document.addEventListener("keydown", onKeyDown);
    wide.addEventListener("change", onWide);
    return () => {
      root.style.overflow = overflow;
      document.removeEventListener("keydown", onKeyDown);
      wide.removeEventListener("change", onWide);
    };
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="text-ocean-900 relative ml-auto inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold md:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpenOn(pathname))}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d={open ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        Menu
        {/* messaging. On the button's corner, not beside the word: the button keeps its width whatever the
            count, so "99+" does not push it past a 360 px screen's edge beside the logo's name. */}
        {unread > 0 ? (
          <span
            className="bg-sunset-700 absolute -top-2 -right-2 inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs leading-5 font-bold text-white ring-2 ring-white"
            data-testid="menu-unread-badge"
          >
            {unread > 99 ? "99+" : unread}
            <span className="sr-only"> unread messages</span>
          </span>
        ) : null}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full z-10 max-h-[calc(100dvh-4.5rem)] flex-col gap-1 overflow-y-auto overscroll-contain rounded-b-2xl border-t border-slate-200 bg-white px-4 pt-2 pb-5 shadow-2xl ring-1 ring-slate-900/10 md:static md:ml-auto md:flex md:max-h-none md:flex-row md:items-center md:gap-2 md:overflow-visible md:rounded-none md:border-0 md:p-0 md:shadow-none md:ring-0`}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a")) setOpenOn(null);
        }}
      >
        {children}
      </div>
      {/* The page behind, dimmed; a tap on it closes the menu. In a portal: the header's backdrop blur
          would otherwise make "fixed" mean "inside the header". */}
      {open
        ? createPortal(
            <div
              aria-hidden="true"
              data-testid="mobile-nav-backdrop"
              className="bg-ocean-950/60 fixed inset-0 z-30 backdrop-blur-[2px] md:hidden"
              onClick={close}
            />,
            document.body,
          )
        : null}
    </>
  );
}

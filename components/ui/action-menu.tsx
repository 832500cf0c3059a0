"use client";

import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "@/lib/forms/use-early-action";

export type MenuItem = { label: string; onSelect: () => void; danger?: boolean };

export type ActionMenuHandle = { focus: () => void };

/**
 * A menu button (WAI-ARIA menu button pattern): the button opens a list of actions; arrow keys, Home and
 * End move between them, Enter or Space runs one, Escape or Tab closes it, and focus goes back to the
 * button when it closes without leaving the page. A tap outside closes it too. Used where several rarely
 * needed actions (Report, Block) would otherwise each be a control in the way.
 */
export const ActionMenu = forwardRef<
  ActionMenuHandle,
  {
    /** The button's accessible name, e.g. "Options for the conversation with Mia". */
    label: string;
    items: MenuItem[];
    /** The button's visible content; three dots by default. */
    children?: ReactNode;
    className?: string;
    align?: "left" | "right";
    /** "sm" (32 px) beside each message, where a 44 px button would crowd the thread. */
    size?: "md" | "sm";
  }
>(function ActionMenu({ label, items, children, className = "", align = "right", size = "md" }, ref) {
  const id = useId();
  // The menu needs the page's scripts: until they have run the button says it is not ready, not nothing.
  const ready = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => button.current?.focus() }), []);

  const entries = () => [...(list.current?.querySelectorAll<HTMLElement>("[role='menuitem']") ?? [])];

  useEffect(() => {
    if (!open) return;
    entries()[0]?.focus();
    function onPointer(event: PointerEvent) {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) button.current?.focus();
  }

  function onListKey(event: React.KeyboardEvent) {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(all.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") close(false);
  }

  function run(item: MenuItem) {
    // Focus goes back to the button first, so a dialog the action opens returns focus there on close.
    close(true);
    item.onSelect();
  }

  return (
    <div className={`relative ${className}`}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        disabled={!ready}
        title={ready ? undefined : "Loading..."}
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={`inline-flex ${size === "sm" ? "size-8" : "size-11"} shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-wait disabled:opacity-40`}
      >
        {children ?? (
          <svg
            viewBox="0 0 24 24"
            width={size === "sm" ? 16 : 20}
            height={size === "sm" ? 16 : 20}
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="5" cy="12" r="2" fill="currentColor" />
            <circle cx="12" cy="12" r="2" fill="currentColor" />
            <circle cx="19" cy="12" r="2" fill="currentColor" />
          </svg>
        )}
      </button>
      {open ? (
        <ul
          ref={list}
          id={`${id}-menu`}
          role="menu"
          aria-label={label}
          onKeyDown={onListKey}
          className={`absolute top-full z-30 mt-1 min-w-48 rounded-xl border border-slate-200 bg-white py-1 shadow-lg ${align === "right" ? "right-0" : "left-0"}`}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => run(item)}
                className={`block min-h-11 w-full px-4 py-2 text-left text-sm font-semibold hover:bg-slate-100 focus:bg-slate-100 ${item.danger ? "text-sunset-700" : "text-slate-800"}`}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});

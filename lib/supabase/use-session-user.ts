"use client";

import { useSyncExternalStore } from "react";
import { sessionUserId } from "./session-user";

let last: { cookie: string; id: string | null } = { cookie: "", id: null };

/** Read once per cookie text: every card of a listing asks on each render. */
function readId(): string | null {
  const cookie = document.cookie;
  if (cookie !== last.cookie) last = { cookie, id: sessionUserId(cookie) };
  return last.id;
}

/** Another tab may sign in or out: look again when this one regains focus (as the top bar does). */
function subscribeToFocus(onChange: () => void) {
  window.addEventListener("focus", onChange);
  return () => window.removeEventListener("focus", onChange);
}

/**
 * The viewer's account id: `known` when the server rendered the page for them; otherwise, on a shared
 * copy, the one in the browser's session (null while the server renders and for a visitor). The server's
 * HTML is the visitor's; the viewer's own marks appear as the page hydrates.
 */
export function useSessionUserId(known: string | null): string | null {
  const fromCookie = useSyncExternalStore(subscribeToFocus, readId, () => null);
  return known ?? fromCookie;
}

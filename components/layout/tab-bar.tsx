"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";

// The tabs are fetched only once the cookie says signed in, so a visitor's pages never load them. React's
// own lazy, not next/dynamic: the server never renders them (its snapshot says signed out), and
// next/dynamic's loader would add its code to every page's script.
const Tabs = lazy(() => import("./tab-bar-tabs"));

function subscribeToFocus(onChange: () => void) {
  window.addEventListener("focus", onChange);
  return () => window.removeEventListener("focus", onChange);
}

/** The signed-in athlete's tab bar on a phone (./tab-bar-tabs.tsx); signed out, nothing. */
export function TabBar() {
  const signedIn = useSyncExternalStore(
    subscribeToFocus,
    () => hasSessionCookie(document.cookie),
    () => false,
  );
  return signedIn ? (
    <Suspense fallback={null}>
      <Tabs />
    </Suspense>
  ) : null;
}

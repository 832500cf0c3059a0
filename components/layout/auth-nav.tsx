"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";

// messaging: the live unread count. Fetched (with supabase-js) only once the cookie says signed in, so a
// visitor's static pages never load it. React's own lazy, not next/dynamic: the server never renders it (its
// snapshot says "unknown"), and next/dynamic's loader would add its code to every page's script.
const UnreadBadge = lazy(() => import("@/components/conversations/unread-badge"));

type NavState = "unknown" | "signed-in" | "signed-out";

const linkClass = "nav-link";
// On wide screens the slot keeps the signed-in width whatever the state, so Home and Browse never move.
const slotClass = "flex flex-col gap-1 lg:min-w-[30rem] md:flex-row md:items-center md:justify-end lg:gap-2";
const buttonClass = "rounded-md bg-sunset-600 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-800";

const readCookieState = (): NavState => (hasSessionCookie(document.cookie) ? "signed-in" : "signed-out");

/** Another tab may sign in or out: look again when this one regains focus. */
function subscribeToFocus(onChange: () => void) {
  window.addEventListener("focus", onChange);
  return () => window.removeEventListener("focus", onChange);
}

/**
 * Session-dependent part of the top bar. Public pages are static, so the session is learnt in the
 * browser. This only chooses which links to show; every protected page checks the session on the server.
 */
export function AuthNav() {
  const router = useRouter();

  // Read from the cookie, not the Supabase client: supabase-js here would add ~100 KB of script to every
  // static page. The snapshot is taken on every render, and usePathname re-renders on each navigation,
  // after which server actions (sign-in, confirm) have already changed the cookie.
  usePathname();
  const state = useSyncExternalStore<NavState>(subscribeToFocus, readCookieState, () => "unknown");

  async function signOut() {
    // This browser's notifications belong to the account signing out: forgotten first, while signed in.
    const { forgetThisDevice } = await import("@/lib/push/forget-this-device");
    await forgetThisDevice();
    // Loaded on demand for the same reason as above.
    const { createClient } = await import("@/lib/supabase/client");
    const { error } = await createClient().auth.signOut();
    // Spec: a sign-out failure is only logged; the person still leaves for the home page.
    if (error)
      console.error("sign-out failed", { action: "auth.signOut", code: error.code, status: error.status });
    router.replace("/");
    router.refresh();
  }

  if (state === "signed-in") {
    return (
      <div className={slotClass} data-nav="signed-in">
        <Link href="/dashboard" className={linkClass}>
          Dashboard
        </Link>
        <Link href="/teams" className={linkClass}>
          Teams
        </Link>
        <Link href="/profile" className={linkClass}>
          Profile
        </Link>
        {/* messaging */}
        <Link href="/messages" className={`${linkClass} inline-flex items-center`}>
          Messages
          <Suspense fallback={null}>
            <UnreadBadge />
          </Suspense>
        </Link>
        {/* Notifications, calendar feed, blocked athletes, account: found where the other places are (on a
            phone, the tab bar too). */}
        <Link href="/settings" className={linkClass}>
          Settings
        </Link>
        {/* Sign Out is there when wanted, not the brightest thing in the bar: last, and quiet. */}
        <button
          type="button"
          onClick={signOut}
          className="rounded-md px-3 py-2 text-left text-base font-medium text-slate-600 underline-offset-4 hover:bg-slate-100 hover:text-slate-900 hover:underline max-md:mt-2 max-md:border-t max-md:border-slate-200 max-md:pt-3 md:px-2 md:text-sm md:whitespace-nowrap lg:ml-2"
        >
          Sign Out
        </button>
      </div>
    );
  }
  // While unknown, hold the Sign In button's space invisibly so the bar does not jump.
  return (
    <div className={slotClass}>
      <Link
        href="/auth"
        // In the header on every page: not prefetched (components/layout/site-header.tsx).
        prefetch={false}
        className={`${buttonClass} text-center md:ml-2 ${state === "unknown" ? "invisible" : ""}`}
        aria-hidden={state === "unknown" ? true : undefined}
        tabIndex={state === "unknown" ? -1 : undefined}
      >
        Sign In
      </Link>
    </div>
  );
}

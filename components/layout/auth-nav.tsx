"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { createClient } from "@/lib/supabase/client";

type NavState = "unknown" | "signed-in" | "signed-out";

const linkClass =
  "rounded-md px-3 py-2 text-base font-medium text-slate-800 hover:bg-ocean-50 hover:text-ocean-800 md:text-sm";
// On wide screens the slot keeps the signed-in width whatever the state, so Home and Browse never move.
const slotClass = "flex flex-col gap-1 lg:min-w-[24rem] md:flex-row md:items-center md:justify-end md:gap-2";
const buttonClass = "rounded-md bg-sunset-600 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-800";

/**
 * Session-dependent part of the top bar. Public pages are static, so the session is learnt in the
 * browser. This only chooses which links to show; every protected page checks the session on the server.
 */
export function AuthNav() {
  const [state, setState] = useState<NavState>("unknown");
  const pathname = usePathname();
  const router = useRouter();

  useEffect(() => {
    const supabase = createClient();
    let active = true;
    // getSession reads the cookie (no network): enough to pick links, never used for access decisions.
    // Re-read on every navigation, because server actions (sign-in, confirm) set the cookie server-side.
    supabase.auth.getSession().then(({ data }) => {
      if (active) setState(data.session ? "signed-in" : "signed-out");
    });
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      if (active) setState(session ? "signed-in" : "signed-out");
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [pathname]);

  async function signOut() {
    const { error } = await createClient().auth.signOut();
    // Spec: a sign-out failure is only logged; the person still leaves for the home page.
    if (error)
      console.error("sign-out failed", { action: "auth.signOut", code: error.code, status: error.status });
    setState("signed-out");
    router.replace("/");
    router.refresh();
  }

  if (state === "signed-in") {
    return (
      <div className={slotClass}>
        <Link href="/dashboard" className={linkClass}>
          Dashboard
        </Link>
        <Link href="/teams" className={linkClass}>
          Teams
        </Link>
        <Link href="/profile" className={linkClass}>
          Profile
        </Link>
        <button type="button" onClick={signOut} className={`${buttonClass} md:ml-2`}>
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
        className={`${buttonClass} text-center md:ml-2 ${state === "unknown" ? "invisible" : ""}`}
        aria-hidden={state === "unknown" ? true : undefined}
        tabIndex={state === "unknown" ? -1 : undefined}
      >
        Sign In
      </Link>
    </div>
  );
}

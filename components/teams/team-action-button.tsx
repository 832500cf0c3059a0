"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toastError, toastSuccess } from "@/lib/toast";
import type { TeamActionResult } from "@/lib/validation/team";

type Props = {
  /** A server action already bound to its team or member id. */
  action: () => Promise<TeamActionResult>;
  label: string;
  busyLabel: string;
  success: string;
  variant?: "primary" | "secondary" | "ghost";
  /** Accessible name when the visible label alone is ambiguous (e.g. "Accept Bob Tester"). */
  name?: string;
  /** Where to go after success; the page is refreshed in place when absent. */
  then?: string;
  /**
   * The id of what keyboard focus moves to after an in-place refresh, when this button goes away with its
   * row (an answered request): focus stays in the page, without scrolling it.
   */
  focusAfter?: string;
};

/** One team decision (accept, decline, remove, leave): busy text, a toast, and fresh data after. */
export function TeamActionButton({
  action,
  label,
  busyLabel,
  success,
  variant = "primary",
  name,
  then,
  focusAfter,
}: Props) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    let result: TeamActionResult;
    try {
      result = await action();
    } catch {
      result = { ok: false, error: "Something went wrong. Please try again." };
    }
    if (!result.ok) {
      setBusy(false);
      toastError(result.error);
      return;
    }
    toastSuccess(success);
    if (then) router.push(then);
    else {
      router.refresh();
      setBusy(false);
      if (focusAfter) document.getElementById(focusAfter)?.focus({ preventScroll: true });
    }
  }

  return (
    <Button variant={variant} onClick={run} disabled={busy} aria-disabled={busy} aria-label={name}>
      {busy ? busyLabel : label}
    </Button>
  );
}

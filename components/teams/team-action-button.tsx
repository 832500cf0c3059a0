"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useEarlyAction } from "@/lib/forms/use-early-action";
import { toastError, toastSuccess } from "@/lib/toast";
import type { ActionResult } from "@/lib/server-action/result";

type Props = {
  /** A server action already bound to its team or member id (on the server: it is posted as it is). */
  action: () => Promise<ActionResult>;
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

/**
 * One team decision (accept, decline, invite, remove, leave): busy text, a toast, and fresh data after.
 * A form posting the action (useEarlyAction), so a press before the page's scripts have run works too.
 */
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
  const failure = "Something went wrong. Please try again.";
  const { form, pageResult, pending } = useEarlyAction(
    action,
    (outcome) => {
      if (!outcome.ok) return void toastError(outcome.error ?? failure);
      toastSuccess(success);
      if (then) router.push(then);
      else {
        router.refresh();
        if (focusAfter) document.getElementById(focusAfter)?.focus({ preventScroll: true });
      }
    },
    { ok: false, error: failure },
  );

  return (
    <form {...form} className="contents">
      <Button type="submit" variant={variant} disabled={pending} aria-disabled={pending} aria-label={name}>
        {pending ? busyLabel : label}
      </Button>
      {pageResult ? (
        <p
          role="status"
          className={`basis-full text-sm ${pageResult.ok ? "text-green-800" : "text-red-700"}`}
        >
          {pageResult.ok ? success : pageResult.error}
        </p>
      ) : null}
    </form>
  );
}

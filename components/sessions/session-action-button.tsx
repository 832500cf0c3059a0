"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useEarlyAction } from "@/lib/forms/use-early-action";
import type { ActionResult } from "@/lib/server-action/result";
import { toastError, toastSuccess } from "@/lib/toast";

type Props = {
  /** A server action bound to its session date on the server. */
  action: () => Promise<ActionResult<{ message: string }>>;
  label: string;
  busyLabel: string;
  variant?: "primary" | "secondary" | "ghost";
};

/**
 * One answer to a session (take a place, accept, decline, leave) or one host call: the database says what
 * happened (going, waitlisted, taken by someone else…) and the toast says it in words; the page refreshes.
 * A form posting the action, so a press before the page's scripts have run works too.
 */
export function SessionActionButton({ action, label, busyLabel, variant = "primary" }: Props) {
  const router = useRouter();
  const failure = "Something went wrong. Please try again.";
  const { form, pageResult, pending } = useEarlyAction(
    action,
    (outcome) => {
      if (!outcome.ok) return void toastError(outcome.error ?? failure);
      toastSuccess(outcome.message);
      router.refresh();
    },
    { ok: false, error: failure },
  );
  return (
    <form {...form} className="contents">
      <Button type="submit" variant={variant} disabled={pending} aria-disabled={pending}>
        {pending ? busyLabel : label}
      </Button>
      {pageResult ? (
        <p role="status" className="text-sm text-slate-700">
          {pageResult.ok ? pageResult.message : (pageResult.error ?? failure)}
        </p>
      ) : null}
    </form>
  );
}

"use client";

import Link from "next/link";
import { useActionState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { roleLabels as specialtyLabels } from "@/lib/teams/labels";
import { confirmInterestAction, type ConfirmResult } from "./actions";

const again = (
  <Link href="/register-interest" className={buttonClasses("secondary")}>
    Register again
  </Link>
);

/** One press confirms (opening the link does not: mail scanners open links). Works before hydration. */
export function ConfirmInterestForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<ConfirmResult | null, FormData>(
    confirmInterestAction,
    null,
  );
  const confirmed = state?.ok && state.state === "confirmed" ? state : null;
  const expired = state?.ok === true && state.state === "expired";
  // A link whose signature does not hold is refused as bad input (its token field).
  const invalid = state?.ok === false && state.fieldErrors !== undefined;

  if (confirmed) {
    return (
      <div role="status" className="space-y-3">
        <h2 className="text-xl font-bold text-green-900">You&apos;re confirmed</h2>
        <p className="text-slate-800">
          Thanks, {confirmed.name}. We&apos;ll e-mail you when a relay team needs a{" "}
          {specialtyLabels[confirmed.specialty].toLowerCase()}.
        </p>
        <Link href="/browse" className={buttonClasses("secondary")}>
          Browse teams now
        </Link>
      </div>
    );
  }
  if (expired || invalid) {
    return (
      <div role="alert" className="space-y-3">
        <h2 className="text-ocean-950 text-xl font-bold">
          {expired ? "This link has expired" : "This link does not work"}
        </h2>
        <p className="text-slate-700">
          {expired
            ? "Links work for 48 hours, and only the newest one sent to an address. Nothing was saved."
            : "It may be incomplete or changed. Nothing was saved."}{" "}
          Register again to get a new link.
        </p>
        {again}
      </div>
    );
  }
  return (
    <form action={action} className="space-y-4">
      <h2 className="text-ocean-950 text-xl font-bold">Confirm your details?</h2>
      <p className="text-slate-700">
        Press the button to be told when a team needs your leg. Nothing is saved until you do.
      </p>
      {state?.ok === false ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          Sorry, we couldn&apos;t confirm that just now. Please try again.
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <button type="submit" disabled={pending} className={buttonClasses("primary")}>
        {pending ? "Confirming..." : "Confirm my details"}
      </button>
    </form>
  );
}

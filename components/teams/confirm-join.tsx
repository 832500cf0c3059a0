"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useEarlyAction } from "@/lib/forms/use-early-action";
import { toastError, toastSuccess } from "@/lib/toast";
import type { ActionResult } from "@/lib/server-action/result";
import { useJoinProgress } from "./join-screen";

// docs/product.md#join-requests: after a successful request, on to its conversation after 1.5 s.
const redirectDelay = 1500;

/**
 * The one press that sends a remembered join request (docs/product.md#auth). Nothing is sent before it; the SQL function
 * checks the team, the leg and the membership again. A form posting the request (useEarlyAction), so the
 * press works before the page's scripts have run too.
 */
export function ConfirmJoin({
  action,
  className,
  label = "Send request",
}: {
  /** requestToJoinTeamAction bound to the team and the leg, on the server. */
  action: () => Promise<ActionResult<{ conversationId: string }>>;
  className: string;
  label?: string;
}) {
  const router = useRouter();
  const progress = useJoinProgress();
  const [sent, setSent] = useState(false);
  const { form, pageResult, pending } = useEarlyAction(
    action,
    (result) => {
      if (!result.ok) {
        progress?.failed();
        return void toastError(result.error || "Failed to send request");
      }
      setSent(true);
      progress?.sent(result.conversationId);
      toastSuccess("Your request has been sent!");
      setTimeout(() => router.push(`/messages?c=${result.conversationId}`), redirectDelay);
    },
    { ok: false, error: "Failed to send request" },
  );

  return (
    <form
      action={form.action}
      onSubmit={(event) => {
        progress?.sending();
        return form.onSubmit(event);
      }}
      className="contents"
    >
      <button type="submit" className={className} disabled={pending || sent} aria-busy={pending || undefined}>
        {pending ? "Sending Request..." : sent ? "Request Sent" : label}
      </button>
      {pageResult ? (
        <p
          role="status"
          className={`basis-full text-sm ${pageResult.ok ? "text-green-800" : "text-red-700"}`}
        >
          {pageResult.ok ? (
            <>
              Your request has been sent!{" "}
              <Link href={`/messages?c=${pageResult.conversationId}`} className="font-semibold underline">
                Open the conversation
              </Link>
            </>
          ) : (
            pageResult.error || "Failed to send request"
          )}
        </p>
      ) : null}
    </form>
  );
}

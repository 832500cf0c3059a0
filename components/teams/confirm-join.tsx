"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { requestToJoinTeam } from "@/lib/actions/teams";
import { submitAction } from "@/lib/forms/action-result";
import { toastError, toastSuccess } from "@/lib/toast";

// Spec §7: after a successful request, on to its conversation after 1.5 s.
const redirectDelay = 1500;

/**
 * The one press that sends a remembered join request (issue 20). Nothing is sent before it; the SQL function
 * checks the team, the leg and the membership again.
 */
export function ConfirmJoin({
  teamId,
  role,
  className,
}: {
  teamId: string;
  role: string;
  className: string;
}) {
  const router = useRouter();
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");

  async function send() {
    setState("sending");
    const result = await submitAction(() => requestToJoinTeam(teamId, role), "Failed to send request");
    if (result.ok) {
      setState("sent");
      toastSuccess("Your request has been sent!");
      setTimeout(() => router.push(`/messages?c=${result.conversationId}`), redirectDelay);
      return;
    }
    setState("idle");
    toastError(result.error || "Failed to send request");
  }

  return (
    <button
      type="button"
      className={className}
      onClick={send}
      disabled={state !== "idle"}
      aria-busy={state === "sending" || undefined}
    >
      {state === "sending" ? "Sending Request..." : state === "sent" ? "Request Sent" : "Send request"}
    </button>
  );
}

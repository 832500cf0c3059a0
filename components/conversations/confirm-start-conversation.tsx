"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { startConversationAction } from "@/lib/actions/messages";
import { submitAction } from "@/lib/forms/action-result";
import { toastError, toastSuccess } from "@/lib/toast";

const failure = "Failed to start conversation. Please try again.";

/** The one press that opens a remembered conversation (docs/product.md#auth); the server checks everything again. */
export function ConfirmStartConversation({ profileId, className }: { profileId: string; className: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    const result = await submitAction(() => startConversationAction(profileId), failure);
    if (result.ok) {
      toastSuccess("Conversation started!");
      return router.push(`/messages?c=${result.conversationId}`);
    }
    toastError(result.error ?? failure);
    setBusy(false);
  }

  return (
    <button type="button" className={className} onClick={start} disabled={busy} aria-busy={busy || undefined}>
      {busy ? "Connecting..." : "Send a message"}
    </button>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { startConversation } from "@/app/(protected)/messages/actions";
import { toastError, toastSuccess } from "@/lib/toast";

const button =
  "rounded-lg bg-sunset-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sunset-600 disabled:cursor-wait disabled:opacity-70";

/**
 * Send Message on an athlete card (spec §4 "Conversation start"): Connecting... while the conversation is
 * created, then /messages. SEAM: the messaging issue's components/messages/start-conversation-button.tsx
 * replaces this once it lands (same `athleteId`); it already calls that server action.
 */
export function SendMessageButton({ athleteId, athleteName }: { athleteId: string; athleteName: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();

  function onClick() {
    start(async () => {
      const result = await startConversation(athleteId);
      if (result.ok) {
        toastSuccess("Conversation started!");
        router.push("/messages");
      } else if (result.code === "AUTH") {
        router.push("/auth?next=/browse");
      } else if (result.code === "PROFILE_NOT_FOUND") {
        toastError(result.error);
        setTimeout(() => router.push("/create-profile"), 1500);
      } else {
        toastError("Failed to start conversation. Please try again.");
      }
    });
  }

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={pending}
      className={`${button} ml-auto`}
      aria-label={pending ? undefined : `Send Message to ${athleteName}`}
    >
      {pending ? "Connecting..." : "Send Message"}
    </button>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { startConversation } from "@/app/(protected)/messages/actions";
import { buttonClasses } from "@/components/ui/button";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";

// Spec §9: 1.5 s before a missing profile sends the athlete to /create-profile.
const PROFILE_REDIRECT_MS = 1500;

/**
 * "Send Message" on an athlete (spec §2 listing view, §4 "Conversation start", §8): "Connecting..." and
 * disabled while the conversation is created, then /messages with it open. Visitors go to /auth.
 * It sits on static public pages, so the toast code (sonner) is loaded only when it is needed.
 */
export function StartConversationButton({
  profileId,
  variant = "primary",
  className = "",
}: {
  profileId: string;
  variant?: "primary" | "secondary" | "inverse";
  className?: string;
}) {
  const router = useRouter();
  const [connecting, setConnecting] = useState(false);

  async function start() {
    if (!hasSessionCookie(document.cookie)) return router.push("/auth");
    setConnecting(true);
    const result = await startConversation(profileId).catch(() => null);
    const toast = await import("@/lib/toast");
    if (result?.ok) {
      toast.toastSuccess("Conversation started!");
      return router.push(`/messages?c=${result.conversationId}`);
    }
    if (result?.code === "AUTH") return router.push("/auth");
    if (result?.code === "PROFILE_NOT_FOUND") {
      toast.toastError("Please create your profile first to send messages");
      setTimeout(() => router.push("/create-profile"), PROFILE_REDIRECT_MS);
      return;
    }
    toast.toastError(result?.error ?? "Failed to start conversation. Please try again.");
    setConnecting(false);
  }

  return (
    <button
      type="button"
      onClick={start}
      disabled={connecting}
      aria-busy={connecting || undefined}
      className={buttonClasses(variant, "md", className)}
    >
      {connecting ? "Connecting..." : "Send Message"}
    </button>
  );
}

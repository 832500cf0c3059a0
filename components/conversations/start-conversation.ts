import type { useRouter } from "next/navigation";
import { startConversationAction } from "@/lib/actions/messages";
import { submitAction } from "@/lib/forms/action-result";
import { createProfileThen, messageIntentPath, signUpThen } from "@/lib/intent/paths";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";

// docs/product.md#limits: 1.5 s before a missing profile sends the athlete to /create-profile.
const PROFILE_REDIRECT_MS = 1500;
const failure = "Failed to start conversation. Please try again.";

/**
 * What "Send Message" does when pressed (./start-conversation-control.tsx), fetched on the first press or
 * hover rather than with every page showing the button: a visitor goes to sign-up, an athlete gets the
 * conversation (created or reopened) and goes to it.
 */
export async function startConversation(
  profileId: string,
  router: ReturnType<typeof useRouter>,
  setConnecting: (connecting: boolean) => void,
) {
  // Remembered as where to go next (docs/product.md#auth): sign-up or create-profile, then one confirm step.
  const intent = messageIntentPath(profileId);
  if (!hasSessionCookie(document.cookie)) return router.push(signUpThen(intent));
  setConnecting(true);
  const result = await submitAction(() => startConversationAction(profileId), failure);
  const toast = await import("@/lib/toast");
  if (result.ok) {
    toast.toastSuccess("Conversation started!");
    return router.push(`/messages?c=${result.conversationId}`);
  }
  if (result.code === "UNAUTHENTICATED") return router.push(signUpThen(intent));
  if (result.code === "PROFILE_NOT_FOUND") {
    toast.toastError("Please create your profile first to send messages");
    setTimeout(() => router.push(createProfileThen(intent)), PROFILE_REDIRECT_MS);
    return;
  }
  toast.toastError(result.error ?? failure);
  setConnecting(false);
}

import type { useRouter } from "next/navigation";
import { requestToJoinTeamAction } from "@/lib/actions/teams";
import { submitAction } from "@/lib/forms/action-result";
import { createProfileThen, joinIntentPath, signUpThen } from "@/lib/intent/paths";

// docs/product.md#limits: after a successful request or a missing profile, move on after 1.5 s.
const redirectDelay = 1500;

/**
 * What "Request to Join Team" does when pressed (./join-team-control.tsx), fetched on the first press or
 * hover rather than with every team card: a visitor goes to sign-up with the request remembered, an
 * athlete's request is sent and they go to its conversation.
 */
export async function sendJoinRequest({
  teamId,
  role,
  currentUserId,
  router,
  setState,
}: {
  teamId: string;
  role: string | undefined;
  currentUserId: string | null;
  router: ReturnType<typeof useRouter>;
  setState: (state: "idle" | "sending" | "sent") => void;
}) {
  const toasts = import("@/lib/toast");
  // Without an account or a profile, the request is remembered as where to go next (docs/product.md#auth): sign-up
  // or create-profile, then one confirm step that sends it.
  const intent = joinIntentPath(teamId, role);
  if (!currentUserId) {
    (await toasts).toastInfo("Please sign in to join a team");
    router.push(signUpThen(intent));
    return;
  }
  setState("sending");
  const result = await submitAction(() => requestToJoinTeamAction(teamId, role), "Failed to send request");
  const { toastError, toastSuccess } = await toasts;
  if (result.ok) {
    setState("sent");
    toastSuccess("Your request has been sent!");
    // Straight into the conversation the request was posted to.
    setTimeout(() => router.push(`/messages?c=${result.conversationId}`), redirectDelay);
    return;
  }
  setState("idle");
  toastError(result.error || "Failed to send request");
  if (result.code === "UNAUTHENTICATED") router.push(signUpThen(intent));
  if (result.code === "PROFILE_NOT_FOUND") setTimeout(() => router.push(createProfileThen(intent)), redirectDelay);
}

import { buttonClasses } from "@/components/ui/button";
import { StartConversationControl } from "./start-conversation-control";

/**
 * "Send Message" on an athlete (docs/product.md#browse, docs/product.md#messages): "Connecting..." and
 * disabled while the conversation is created, then /messages with it open. Visitors go to /auth.
 * The button's look is worked out here, on the server, so the browser loads only the behaviour.
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
  return (
    <StartConversationControl profileId={profileId} className={buttonClasses(variant, "md", className)} />
  );
}

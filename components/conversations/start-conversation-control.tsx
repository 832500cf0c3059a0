"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";

// The press's work (the action, the sign-up and create-profile links, the toasts) is fetched on hover,
// focus or the press itself, not with every page that shows the button (docs/performance.md#page-weight).
const load = () => import("./start-conversation");

/**
 * The client half of StartConversationButton (./start-conversation-button.tsx), which passes the finished
 * class list. It sits on static public pages and on every athlete card of /browse.
 */
export function StartConversationControl({ profileId, className }: { profileId: string; className: string }) {
  const router = useRouter();
  const [connecting, setConnecting] = useState(false);

  async function start() {
    // Disabled at once, as before the work was fetched on demand: a second press sends nothing more.
    if (hasSessionCookie(document.cookie)) setConnecting(true);
    const { startConversation } = await load();
    await startConversation(profileId, router, setConnecting);
  }

  return (
    <button
      type="button"
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={start}
      disabled={connecting}
      aria-busy={connecting || undefined}
      className={className}
    >
      {connecting ? "Connecting..." : "Send Message"}
    </button>
  );
}

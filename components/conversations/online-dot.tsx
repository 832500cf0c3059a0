"use client";

import { useOnline } from "@/lib/conversations/use-online";

/**
 * A green dot on an athlete who has the app open (Realtime Presence), with text for screen readers. Shown
 * only where the viewer may see that athlete's profile (lib/conversations/presence.ts).
 */
export function OnlineDot({ profileId }: { profileId: string }) {
  if (!useOnline(profileId)) return null;
  return (
    <span className="absolute -right-0.5 -bottom-0.5 block size-3.5 rounded-full border-2 border-white bg-green-600">
      <span className="sr-only">Online now</span>
    </span>
  );
}

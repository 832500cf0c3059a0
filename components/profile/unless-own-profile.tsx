"use client";

import type { ReactNode } from "react";
import { useSessionUserId } from "@/lib/supabase/use-session-user";

/**
 * A public profile page is one cached copy for everyone, so whether it is the viewer's own is told in the
 * browser, from their session, as a listing's own card is (lib/supabase/use-session-user.ts). On their own
 * page an athlete is not offered to message, report or block themselves (docs/product.md#messages: no message button on
 * one's own card): `own` shows instead, after hydration; the server's HTML is the visitor's.
 */
export function UnlessOwnProfile({
  authId,
  own = null,
  children,
}: {
  authId: string;
  own?: ReactNode;
  children: ReactNode;
}) {
  return useSessionUserId(null) === authId ? own : children;
}

"use client";

import Link from "next/link";
import { joinIntentPath, signUpThen } from "@/lib/intent/paths";
import type { Specialty } from "@/lib/labels";
import { useSessionUserId } from "@/lib/supabase/use-session-user";

/**
 * A compact card's one action, "Ask to join as a runner": the team's confirm step with the leg chosen
 * (`/teams/{id}/join?as=runner`), reached through sign-up for a visitor, who then lands on it. Without a
 * leg to name, it opens the team's page, where the join box asks. On the team's creator's own card it is
 * "Your Team". The server's HTML is the visitor's (a static or shared page); the viewer's session is read
 * in the browser.
 */
export function AskToJoinLink({
  team,
  leg,
  currentUserId,
  className,
}: {
  team: { id: string; name: string; creator_id: string };
  leg: Specialty | null;
  /** The viewer's account id when the page was rendered for them; null on a shared or static page. */
  currentUserId: string | null;
  className: string;
}) {
  const me = useSessionUserId(currentUserId);
  if (me && me === team.creator_id) {
    return <span className="text-sm font-semibold text-slate-700">Your Team</span>;
  }
  // The name carries the team, "Ask to join as a runner: Peregian Pace Setters", as one label: the
  // visually hidden span it was before is absolutely positioned, so Chromium read it as a separate block
  // ("runner : Peregian …") and a search by the card's name missed it. The visible words start the label.
  if (!leg) {
    return (
      <Link
        href={`/teams/${team.id}`}
        prefetch={false}
        className={className}
        aria-label={`See the team: ${team.name}`}
      >
        See the team
      </Link>
    );
  }
  const intent = joinIntentPath(team.id, leg);
  const label = `Ask to join as a ${leg}`;
  return (
    <Link
      href={me ? intent : signUpThen(intent)}
      prefetch={false}
      className={className}
      aria-label={`${label}: ${team.name}`}
    >
      {label}
    </Link>
  );
}

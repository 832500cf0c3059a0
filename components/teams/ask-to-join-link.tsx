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
  if (!leg) {
    return (
      <Link href={`/teams/${team.id}`} prefetch={false} className={className}>
        See the team<span className="sr-only">{`: ${team.name}`}</span>
      </Link>
    );
  }
  const intent = joinIntentPath(team.id, leg);
  return (
    <Link href={me ? intent : signUpThen(intent)} prefetch={false} className={className}>
      {`Ask to join as a ${leg}`}
      <span className="sr-only">{`: ${team.name}`}</span>
    </Link>
  );
}

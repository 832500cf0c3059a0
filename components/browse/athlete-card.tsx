"use client";

import Link from "next/link";
import { StartConversationControl } from "@/components/messages/start-conversation-control";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import type { ListedAthlete } from "@/lib/data/browse";
import { experienceLabels, specialtyLabels } from "@/lib/labels";
import { useSessionUserId } from "@/lib/supabase/use-session-user";

const sendMessageClass = buttonClasses("primary", "md", "ml-auto");

/**
 * One athlete of the listing (spec §2): specialty, place, level, training preference and goals, a link to
 * the public profile, and Send Message (visitors go to /auth, athletes to the conversation), or "Your
 * profile" on the viewer's own card. A client component (issue 22): the listing then carries each card's
 * fields once in its payload, instead of the card's whole rendered tree a second time beside its HTML.
 * The account id comes too (as a team card's creator does), so that in a shared copy the viewer's own
 * card is told in the browser (`viewerId` null there).
 */
export function AthleteCard({ athlete, viewerId }: { athlete: ListedAthlete; viewerId: string | null }) {
  const own = useSessionUserId(viewerId) === athlete.auth_id;
  return (
    // Named by the athlete's name, as its heading says (no id to repeat per card).
    <article aria-label={athlete.full_name} className="card flex flex-col">
      <div className="card-head">
        <div className="min-w-0">
          <h3 className="card-title truncate">{athlete.full_name}</h3>
          <p className="truncate text-sm text-slate-600">@{athlete.username}</p>
        </div>
        <Badge tone="ocean">{specialtyLabels[athlete.specialty]}</Badge>
      </div>
      <dl className="facts mt-4 grid grid-cols-2 gap-x-4 gap-y-2">
        <div className="min-w-0">
          <dt>Location</dt>
          <dd className="truncate">{athlete.location || "Not set"}</dd>
        </div>
        <div>
          <dt>Experience</dt>
          <dd>{experienceLabels[athlete.experience_level]}</dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt>Training preference</dt>
          <dd className="truncate">{athlete.training_preference || "Not set"}</dd>
        </div>
        <div className="col-span-2">
          <dt>Goals</dt>
          <dd className="clamp-3">{athlete.goals}</dd>
        </div>
      </dl>
      <div className="card-foot">
        <Link
          href={`/profile/${athlete.id}`}
          className="text-link"
          aria-label={`View ${athlete.full_name}'s profile`}
        >
          View profile
        </Link>
        {own ? (
          <span className="ml-auto text-sm font-semibold text-slate-600">Your profile</span>
        ) : (
          <StartConversationControl profileId={athlete.id} className={sendMessageClass} />
        )}
      </div>
    </article>
  );
}

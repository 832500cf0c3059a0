"use client";

import Link from "next/link";
import { StartConversationControl } from "@/components/conversations/start-conversation-control";
import { AthletePhoto } from "@/components/ui/athlete-photo";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button-classes";
import type { ListedAthlete } from "@/lib/data/browse";
import { experienceLabels, specialtyLabels } from "@/lib/labels";
import { useSessionUserId } from "@/lib/supabase/use-session-user";

const sendMessageClass = buttonClasses("primary", "md", "w-full sm:w-auto");

/**
 * One athlete of the listing, compact: their name (a link to the public profile), specialty, place, level,
 * training preference and goals, and one action, Send Message (visitors go to sign-up, athletes to the
 * conversation), or "Your profile" on the viewer's own card. Long names, usernames and places are cut
 * with an ellipsis and goals wrap anywhere, so no card is wider than a phone. A client component: the
 * listing then carries each card's fields once in its payload, instead of the card's whole rendered tree a
 * second time beside its HTML. The account id comes too, so that in a shared copy the viewer's own card is
 * told in the browser (`viewerId` null there).
 */
export function AthleteCard({ athlete, viewerId }: { athlete: ListedAthlete; viewerId: string | null }) {
  const own = useSessionUserId(viewerId) === athlete.auth_id;
  return (
    // Named by the athlete's name, as its heading says (no id to repeat per card).
    <article aria-label={athlete.full_name} className="card listing-card">
      <div className="card-head">
        <AthletePhoto name={athlete.full_name} image={athlete.photo} size="sm" />
        <div className="min-w-0 flex-1">
          <h3 className="card-title min-w-0 truncate">
            <Link href={`/profile/${athlete.id}`} prefetch={false} className="hover:underline">
              {athlete.full_name}
            </Link>
          </h3>
          <p className="min-w-0 truncate text-sm text-slate-600">@{athlete.username}</p>
        </div>
        <Badge tone="ocean">{specialtyLabels[athlete.specialty]}</Badge>
      </div>
      <dl className="facts inline-facts">
        <div>
          <dt>Location</dt>
          <dd>{athlete.location || "Not set"}</dd>
        </div>
        <div>
          <dt>Experience</dt>
          <dd>{experienceLabels[athlete.experience_level]}</dd>
        </div>
        <div>
          <dt>Training preference</dt>
          <dd>{athlete.training_preference || "Not set"}</dd>
        </div>
      </dl>
      <p className="clamp-2 text-sm text-slate-800">
        <span className="sr-only">Goals: </span>
        {athlete.goals}
      </p>
      <div className="mt-auto pt-1">
        {own ? (
          <span className="text-sm font-semibold text-slate-700">Your profile</span>
        ) : (
          <StartConversationControl profileId={athlete.id} className={sendMessageClass} />
        )}
      </div>
    </article>
  );
}

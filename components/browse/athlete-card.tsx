import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { ListedAthlete } from "@/lib/data/browse";
import { experienceLabels, specialtyLabels } from "@/lib/validation/profile";

/**
 * One athlete of the listing (spec §2): specialty, place, level, training preference and goals, and a
 * link to the public profile. `action` is the Send Message control (left out on the viewer's own card).
 */
export function AthleteCard({ athlete, action }: { athlete: ListedAthlete; action?: ReactNode }) {
  const titleId = `athlete-${athlete.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-ocean-950 truncate text-lg font-bold">
            {athlete.full_name}
          </h3>
          <p className="truncate text-sm text-slate-600">@{athlete.username}</p>
        </div>
        <Badge tone="ocean">{specialtyLabels[athlete.specialty]}</Badge>
      </div>
      {/* Term and value colours once on the list: the listing repeats this card twelve times. */}
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm text-slate-900 [&_dt]:font-semibold [&_dt]:text-slate-600">
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
          <dd className="line-clamp-3 [overflow-wrap:anywhere]">{athlete.goals}</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap items-center gap-3 pt-5">
        <Link
          href={`/profile/${athlete.id}`}
          className="text-ocean-800 text-sm font-semibold underline underline-offset-2"
          aria-label={`View ${athlete.full_name}'s profile`}
        >
          View profile
        </Link>
        {action}
      </div>
    </article>
  );
}

"use client";

import Link from "next/link";
import { JoinTeam } from "@/components/teams/join-team";
import { LegCoverage } from "@/components/teams/leg-coverage";
import { TeamFacts } from "@/components/teams/team-facts";
import type { UrgentWords } from "@/components/teams/urgent-badge";
import { UrgentNotice } from "@/components/teams/urgent-notice";
import type { Team } from "@/lib/data/teams";
import type { Specialty } from "@/lib/labels";

export type ListingTeam = Pick<
  Team,
  | "id"
  | "name"
  | "description"
  | "location"
  | "creator_id"
  | "max_members"
  | "active_count"
  | "covered_roles"
  | "open_legs"
  | "status"
  | "requirements"
  | "training_schedule"
>;

/**
 * The compact team card's markup (./team-listing-card.tsx picks its fields): the team card of
 * docs/product.md#teams (name, location, description, Looking for, Experience Level, Training Schedule,
 * Request to Join Team with its "Join as" chooser, starting on the leg the card suggests), set tighter. A client component, as the
 * athlete card is: a listing's page then carries each card's fields once, not its rendered tree twice.
 */
export function TeamListingCardView({
  team,
  urgent,
  leg,
  currentUserId,
}: {
  team: ListingTeam;
  urgent: UrgentWords | null;
  leg: Specialty | null;
  currentUserId: string | null;
}) {
  return (
    // Named by the team's name, as its heading says (no id to repeat per card).
    <article aria-label={team.name} className="card listing-card">
      <h3 className="card-title wrap-anywhere">
        <Link href={`/teams/${team.id}`} prefetch={false} className="hover:underline">
          {team.name}
        </Link>
      </h3>
      <p className="min-w-0 truncate text-sm text-slate-700">
        {`${team.location ?? "Location TBD"} · ${team.active_count}/${team.max_members} members`}
      </p>
      {urgent ? <UrgentNotice {...urgent} /> : null}
      <LegCoverage covered={team.covered_roles} open={team.open_legs} compact />
      <p className="clamp-2 text-sm text-slate-800">{team.description}</p>
      <TeamFacts team={team} />
      <div className="mt-auto space-y-2 pt-1">
        <JoinTeam
          team={{ id: team.id, creator_id: team.creator_id, status: team.status }}
          currentUserId={currentUserId}
          suggested={leg}
          openLegs={team.open_legs}
        />
      </div>
    </article>
  );
}

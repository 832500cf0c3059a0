"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import type { Team } from "@/lib/data/teams";
import { JoinTeam } from "./join-team";
import { LegCoverage } from "./leg-coverage";
import { TeamFacts } from "./team-facts";
import { TeamStatusBadge } from "./team-status-badge";
import type { UrgentWords } from "./urgent-badge";
import { UrgentNotice } from "./urgent-notice";

/** What the card shows of a team. */
export type CardTeam = Pick<
  Team,
  | "id"
  | "name"
  | "description"
  | "location"
  | "creator_id"
  | "status"
  | "max_members"
  | "active_count"
  | "covered_roles"
  | "open_legs"
  | "requirements"
  | "training_schedule"
>;

/**
 * The team card's markup (docs/product.md#teams). A client component (docs/performance.md#page-weight), as the athlete card is:
 * a listing's page then carries each card's fields once, instead of its whole rendered tree a second
 * time beside its HTML. ./team-card.tsx is the server part that picks the fields.
 */
export function TeamCardView({
  team,
  urgent,
  currentUserId,
  actions,
}: {
  team: CardTeam;
  urgent: UrgentWords | null;
  currentUserId: string | null;
  actions?: ReactNode;
}) {
  return (
    // Named by the team's name, as its heading says (no id to repeat per card).
    <article aria-label={team.name} className="card team-card">
      <header className="space-y-2">
        <div className="card-head">
          <h3 className="card-title min-w-0 wrap-anywhere">
            <Link href={`/teams/${team.id}`} className="hover:underline">
              {team.name}
            </Link>
          </h3>
          <TeamStatusBadge status={team.status} />
        </div>
        <p className="text-sm text-slate-700">
          {`${team.location ?? "Location TBD"} · ${team.active_count}/${team.max_members} members`}
        </p>
        {urgent ? <UrgentNotice {...urgent} /> : null}
      </header>
      <p className="clamp-3 text-slate-800">{team.description}</p>
      <LegCoverage covered={team.covered_roles} open={team.open_legs} compact />
      <TeamFacts team={team} />
      <div className="team-card-foot">
        <JoinTeam
          team={{ id: team.id, creator_id: team.creator_id, status: team.status }}
          currentUserId={currentUserId}
        />
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </article>
  );
}

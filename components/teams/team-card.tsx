import Link from "next/link";
import type { ReactNode } from "react";
import type { Team } from "@/lib/data/teams";
import { JoinTeam } from "./join-team";
import { LegCoverage } from "./leg-coverage";
import { TeamFacts } from "./team-facts";
import { TeamStatusBadge } from "./team-status-badge";
import { UrgentBadge } from "./urgent-badge";

/** The fields the card shows: a `Team` as lib/data/teams.ts reads it (listOpenTeams, listMyTeams). */
export type TeamCardTeam = Pick<
  Team,
  | "id"
  | "name"
  | "description"
  | "location"
  | "creator_id"
  | "status"
  | "max_members"
  | "requirements"
  | "training_schedule"
  | "urgent_role"
  | "urgent_by"
  | "active_count"
  | "covered_roles"
>;

export type TeamCardProps = {
  team: TeamCardTeam;
  /** The signed-in user's account (auth) id, or null for a visitor. Tells ownership ("Your Team"). */
  currentUserId: string | null;
  /** Optional links under the card, e.g. View Details and Edit on /teams. */
  actions?: ReactNode;
};

/**
 * One team (spec §2 "Team card"), used on /teams and /browse. A server component: only the join control
 * (./join-team.tsx) is client code, and it gets just the three fields it needs, so /browse ships neither the
 * card's code nor every card's team data to the browser.
 */
export function TeamCard({ team, currentUserId, actions }: TeamCardProps) {
  return (
    <article
      aria-labelledby={`team-${team.id}-name`}
      className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <header className="space-y-2">
        <div className="flex items-start justify-between gap-3">
          <h3 id={`team-${team.id}-name`} className="text-ocean-950 min-w-0 text-lg font-bold break-words">
            <Link href={`/teams/${team.id}`} className="hover:underline">
              {team.name}
            </Link>
          </h3>
          <TeamStatusBadge status={team.status} />
        </div>
        <p className="text-sm text-slate-700">
          {`${team.location ?? "Location TBD"} · ${team.active_count}/${team.max_members} members`}
        </p>
        {team.urgent_role && team.urgent_by && team.status === "open" ? (
          <UrgentBadge role={team.urgent_role} by={team.urgent_by} />
        ) : null}
      </header>
      <p className="line-clamp-3 [overflow-wrap:anywhere] text-slate-800">{team.description}</p>
      <LegCoverage covered={team.covered_roles} compact />
      <TeamFacts team={team} />
      <div className="mt-auto space-y-3 border-t border-slate-200 pt-4">
        <JoinTeam
          team={{ id: team.id, creator_id: team.creator_id, status: team.status }}
          currentUserId={currentUserId}
        />
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </article>
  );
}

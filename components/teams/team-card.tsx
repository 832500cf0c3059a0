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
 * (./join-team.tsx) is client code, and it gets just the three fields it needs. (Athlete cards are client
 * components, issue 22: twelve a page; the team card's code, with its labels and dates, would cost a
 * listing's visitors more script than its six cards' payload saves.)
 */
export function TeamCard({ team, currentUserId, actions }: TeamCardProps) {
  return (
    // Named by the team's name, as its heading says (no id to repeat per card).
    <article aria-label={team.name} className="card flex h-full flex-col gap-4">
      <header className="space-y-2">
        <div className="card-head">
          <h3 className="card-title min-w-0 break-words">
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
      <p className="clamp-3 text-slate-800">{team.description}</p>
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

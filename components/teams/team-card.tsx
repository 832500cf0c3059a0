import type { ReactNode } from "react";
import type { Team } from "@/lib/data/teams";
import { TeamCardView, type CardTeam } from "./team-card-view";
import { urgentWords } from "./urgent-badge";

/** The fields the card needs: a `Team` as lib/data/teams.ts reads it (listOpenTeams, listMyTeams). */
export type TeamCardTeam = CardTeam & Pick<Team, "urgent_role" | "urgent_by">;

export type TeamCardProps = {
  team: TeamCardTeam;
  /** The signed-in user's account (auth) id, or null for a visitor. Tells ownership ("Your Team"). */
  currentUserId: string | null;
  /** Optional links under the card, e.g. View Details and Edit on /teams. */
  actions?: ReactNode;
};

/**
 * One team (docs/product.md#teams), used on /teams and /browse. The server part: it works out the urgent
 * need's words (they depend on the clock) and hands the client card only the fields it shows, named one
 * by one, so nothing else a query read reaches the page.
 */
export function TeamCard({ team, currentUserId, actions }: TeamCardProps) {
  const urgent =
    team.status === "open" && team.urgent_role && team.urgent_by
      ? urgentWords(team.urgent_role, team.urgent_by)
      : null;
  const card: CardTeam = {
    id: team.id,
    name: team.name,
    description: team.description,
    location: team.location,
    creator_id: team.creator_id,
    status: team.status,
    max_members: team.max_members,
    active_count: team.active_count,
    covered_roles: team.covered_roles,
    open_legs: team.open_legs,
    requirements: team.requirements,
    training_schedule: team.training_schedule,
  };
  return <TeamCardView team={card} urgent={urgent} currentUserId={currentUserId} actions={actions} />;
}

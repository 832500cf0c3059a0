import type { TeamCardTeam } from "@/components/teams/team-card";
import { urgentWords } from "@/components/teams/urgent-badge";
import type { Specialty } from "@/lib/labels";
import { TeamListingCardView } from "./team-listing-card-view";

/**
 * The leg a card's action asks to join as, among the team's open legs (public.team_open_legs): the one
 * the viewer filtered by; else the urgent leg; else the only open one; null when only the team's page can
 * say (several open legs).
 */
export function legToAsk(
  team: Pick<TeamCardTeam, "open_legs" | "urgent_role">,
  filtered: Specialty | null,
  urgent: boolean,
): Specialty | null {
  const open = team.open_legs;
  if (filtered && open.includes(filtered)) return filtered;
  if (urgent && team.urgent_role && open.includes(team.urgent_role)) return team.urgent_role;
  return open.length === 1 ? open[0]! : null;
}

/**
 * One open team on /browse, compact: its name (a link to its page), place and members, the urgent need,
 * which legs are covered, two lines of its description, the spec's facts and Request to Join Team. The server part works out the
 * urgent words (they depend on the clock) and the leg, and hands the client card only what it shows.
 */
export function TeamListingCard({
  team,
  currentUserId,
  filteredLeg,
}: {
  team: TeamCardTeam;
  currentUserId: string | null;
  filteredLeg: Specialty | null;
}) {
  const urgent =
    team.status === "open" && team.urgent_role && team.urgent_by
      ? urgentWords(team.urgent_role, team.urgent_by)
      : null;
  return (
    <TeamListingCardView
      team={{
        id: team.id,
        name: team.name,
        description: team.description,
        location: team.location,
        creator_id: team.creator_id,
        max_members: team.max_members,
        active_count: team.active_count,
        covered_roles: team.covered_roles,
        open_legs: team.open_legs,
        status: team.status,
        requirements: team.requirements,
        training_schedule: team.training_schedule,
      }}
      urgent={urgent}
      leg={legToAsk(team, filteredLeg, urgent !== null)}
      currentUserId={currentUserId}
    />
  );
}

import { AddToCalendarLink } from "@/components/teams/add-to-calendar";
import { ShareTeamButton } from "@/components/teams/share-team-button";
import { TeamActionButton } from "@/components/teams/team-action-button";
import { buttonClasses, LinkButton } from "@/components/ui/button";
import type { TeamWithMembers } from "@/lib/data/teams";
import { teamHeadline } from "@/lib/teams/team-seo";
import { leaveTeamAction } from "../actions";

type Props = {
  team: TeamWithMembers;
  isCreator: boolean;
  /** The viewer's own place in the team, if any: a pending request or an active member. */
  mine: "pending" | "active" | null;
};

/** What the viewer can do with the team: edit it (creator), add it to a calendar, share it, leave it. */
export function TeamButtons({ team, isCreator, mine }: Props) {
  return (
    <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5">
      {isCreator ? <LinkButton href={`/teams/${team.id}/edit`}>Edit Team</LinkButton> : null}
      {isCreator || mine === "active" ? <AddToCalendarLink teamId={team.id} /> : null}
      {team.status !== "closed" ? (
        <ShareTeamButton
          path={`/teams/${team.id}`}
          title={teamHeadline(team)}
          className={buttonClasses("secondary", "md")}
        />
      ) : null}
      {mine ? (
        <TeamActionButton
          action={leaveTeamAction.bind(null, team.id)}
          label={mine === "pending" ? "Withdraw Request" : "Leave Team"}
          busyLabel="Leaving..."
          success={mine === "pending" ? "Request withdrawn" : "You left the team"}
          variant="secondary"
          then="/teams"
        />
      ) : null}
      <LinkButton href="/teams" variant="ghost">
        Back to Teams
      </LinkButton>
    </div>
  );
}

import type { Metadata } from "next";
import { DecisionPanel, DecisionStatus, TeamGone } from "@/components/teams/decision-panel";
import { TeamActionButton } from "@/components/teams/team-action-button";
import { TeamMessage } from "@/components/teams/team-not-found";
import { LinkButton } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { readInvitation } from "@/lib/data/decisions";
import { pageMetadata } from "@/lib/seo/metadata";
import { invitationPath } from "@/lib/teams/decision-paths";
import { roleLabels } from "@/lib/teams/labels";
import { urgentNeedText } from "@/lib/teams/urgency";
import { acceptInvitationAction, declineInvitationAction } from "../../actions";

export const metadata: Metadata = pageMetadata({
  title: "Team invitation",
  description: "An invitation to join a relay team: accept or decline it, or see where it stands.",
  path: "/teams",
  noindex: true,
});

type Props = { params: Promise<{ id: string; invitationId: string }> };

/**
 * One invitation, where its e-mail leads: the invitee accepts or declines with one press; the creator sees
 * where it stands. An invitation already answered, or whose team is gone, says so.
 */
export default async function InvitationPage({ params }: Props) {
  const { id, invitationId } = await params;
  const user = await requireUser(invitationPath(id, invitationId));
  const view = await withRls(user.claims, (tx) => readInvitation(tx, id, invitationId));

  if (view.state === "team_gone") return <TeamGone />;
  if (view.state === "not_found")
    return (
      <TeamMessage
        title="Invitation not found"
        text="This invitation doesn't exist, or it isn't yours to see. Check that you're signed in with the account the e-mail was sent to."
      />
    );
  const teamPath = `/teams/${id}`;
  const leg = roleLabels[view.role].toLowerCase();
  const team = view.team_name;

  if (view.viewer === "creator")
    return (
      <DecisionPanel
        kicker={`Invitation · ${team}`}
        title={`Your invitation to ${view.invitee_name ?? "an athlete"}`}
      >
        <DecisionStatus>
          {view.invitation_status === "pending"
            ? `Waiting for an answer to race as the ${leg}.`
            : `${view.invitation_status === "accepted" ? "Accepted" : "Declined"}: the ${leg} leg.`}
        </DecisionStatus>
        <LinkButton href={teamPath}>See the team</LinkButton>
      </DecisionPanel>
    );

  if (view.invitation_status !== "pending")
    return (
      <DecisionPanel kicker="Team invitation" title={`${team} invited you as the ${leg}`}>
        <DecisionStatus>
          {view.invitation_status === "accepted"
            ? `You accepted this invitation: you're in ${team} as the ${leg}.`
            : "You declined this invitation. The team has been told."}
        </DecisionStatus>
        {view.invitation_status === "accepted" ? (
          <LinkButton href={teamPath}>Open your team</LinkButton>
        ) : (
          <LinkButton href="/browse">Browse open teams</LinkButton>
        )}
      </DecisionPanel>
    );

  const blocked =
    view.team_status === "closed"
      ? "This team is closed and not taking new members, so the invitation can't be accepted."
      : view.team_status === "full"
        ? "This team is full now, so the invitation can't be accepted unless a place frees up."
        : null;
  return (
    <DecisionPanel kicker="Team invitation" title={`${team} invites you to join as the ${leg}`}>
      <p className="text-slate-800">
        {view.location ? `Based in ${view.location}. ` : ""}
        {view.urgent_role && view.urgent_by
          ? `Urgent: ${urgentNeedText(view.urgent_role, view.urgent_by)}.`
          : ""}
      </p>
      <DecisionStatus>Waiting for your answer. The team is told when you decide.</DecisionStatus>
      {blocked ? <p className="text-sm text-orange-900">{blocked}</p> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <TeamActionButton
          action={acceptInvitationAction.bind(null, invitationId)}
          label="Accept invitation"
          busyLabel="Accepting..."
          success={`Welcome to ${team}!`}
        />
        <TeamActionButton
          action={declineInvitationAction.bind(null, invitationId)}
          label="Decline"
          busyLabel="Declining..."
          success="Invitation declined"
          variant="secondary"
          name="Decline invitation"
        />
      </div>
      <LinkButton href={teamPath} variant="ghost">
        Open the team page
      </LinkButton>
    </DecisionPanel>
  );
}

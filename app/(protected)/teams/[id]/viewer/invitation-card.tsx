import { TeamActionButton } from "@/components/teams/team-action-button";
import { Card } from "@/components/ui/card";
import type { Invitation } from "@/lib/data/team-invitations";
import { roleLabels } from "@/lib/teams/labels";
import { acceptInvitationAction, declineInvitationAction } from "../actions";

/** An invitation to the viewer, answered in place: the first thing an invited athlete needs on the page. */
export function InvitationCard({ teamName, invitation }: { teamName: string; invitation: Invitation }) {
  return (
    <Card className="space-y-3 border-2 border-orange-300">
      <h2 className="text-ocean-950 text-xl font-bold">You&apos;re invited</h2>
      <p className="text-slate-800">
        {teamName} would like you to join as the {roleLabels[invitation.role].toLowerCase()}.
      </p>
      <div className="flex flex-wrap gap-3">
        <TeamActionButton
          action={acceptInvitationAction.bind(null, invitation.id)}
          label="Accept invitation"
          busyLabel="Accepting..."
          success={`Welcome to ${teamName}!`}
        />
        <TeamActionButton
          action={declineInvitationAction.bind(null, invitation.id)}
          label="Decline"
          busyLabel="Declining..."
          success="Invitation declined"
          variant="secondary"
          name="Decline invitation"
        />
      </div>
    </Card>
  );
}

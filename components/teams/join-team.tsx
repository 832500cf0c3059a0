import { buttonClasses } from "@/components/ui/button-classes";
import { roleLabels, roleOrder } from "@/lib/teams/labels";
import { JoinTeamControl, type JoinTeamProps } from "./join-team-control";

const roles = roleOrder.map((value) => ({ value, label: roleLabels[value] }));

/**
 * "Join as" and Request to Join Team (docs/product.md#teams): a visitor is sent to /auth, an account
 * without a profile to /create-profile, a sent request to its conversation in /messages. On team cards
 * and on the team page of someone who is not in the team. The labels and the button's look are worked
 * out here, once: on the team page this renders on the server and the browser loads only the behaviour;
 * on a team card (./team-card-view.tsx, a client component) it is part of the card's script.
 */
export function JoinTeam(props: JoinTeamProps) {
  return (
    <JoinTeamControl {...props} roles={roles} buttonClassName={buttonClasses("primary", "md", "w-full")} />
  );
}

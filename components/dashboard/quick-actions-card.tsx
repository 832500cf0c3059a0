import { LinkButton } from "@/components/ui/button";
import { DashboardCard } from "./dashboard-card";

/** Quick Actions (docs/product.md#dashboard); Create Team is hidden once the user has created a team. */
export function QuickActionsCard({ createdOne }: { createdOne: boolean }) {
  return (
    <DashboardCard id="actions" title="Quick Actions">
      <div className="grid gap-2">
        <LinkButton href="/browse">Browse Athletes</LinkButton>
        <LinkButton href="/messages" variant="secondary">
          Messages
        </LinkButton>
        {!createdOne ? (
          <LinkButton href="/teams/create" variant="secondary">
            Create Team
          </LinkButton>
        ) : null}
        <LinkButton href="/edit-profile" variant="secondary">
          Update Profile
        </LinkButton>
      </div>
    </DashboardCard>
  );
}

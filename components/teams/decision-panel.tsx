import type { ReactNode } from "react";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/**
 * The frame of one decision's page (a join request or an invitation): what it is, where it stands, and the
 * buttons or links that follow. Kept narrow so on a phone the answer is on the first screen.
 */
export function DecisionPanel({
  kicker,
  title,
  children,
}: {
  kicker: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6 sm:py-12">
      <Card className="space-y-4">
        <p className="text-sunset-700 text-sm font-semibold tracking-wide uppercase">{kicker}</p>
        <h1 className="text-ocean-950 text-2xl font-bold break-words">{title}</h1>
        {children}
      </Card>
    </div>
  );
}

/** Where a decision stands, in one plain sentence read out when it changes. */
export function DecisionStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-xl bg-slate-100 px-4 py-3 font-medium text-slate-900">
      {children}
    </p>
  );
}

/** A decision link whose team was deleted (with it, its requests and invitations). */
export function TeamGone() {
  return (
    <DecisionPanel kicker="Team" title="This team no longer exists">
      <DecisionStatus>
        The team this link is about has been deleted, so there is nothing left to decide.
      </DecisionStatus>
      <LinkButton href="/browse">Browse open teams</LinkButton>
    </DecisionPanel>
  );
}

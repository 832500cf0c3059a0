import type { ReactNode } from "react";
import { PageIntro } from "@/components/layout/page-intro";
import { Card } from "@/components/ui/card";
import type { TeamWithMembers } from "@/lib/data/teams";
import { site } from "@/lib/site";
import { LegCoverage } from "./leg-coverage";
import { TeamFacts } from "./team-facts";
import { TeamStatusBadge } from "./team-status-badge";
import { UrgentBadge } from "./urgent-badge";

/** The page heading of a team: its name and place. */
export function TeamIntro({ team }: { team: Pick<TeamWithMembers, "name" | "location"> }) {
  return (
    <PageIntro eyebrow="Team" title={team.name}>
      <p>{team.location ?? site.defaultPlace}</p>
    </PageIntro>
  );
}

/**
 * What anyone who may see a team sees of it (docs/product.md#teams): status, members, the urgent need with
 * the time left, its words, legs covered, requirements and schedule. The public page and the signed-in
 * viewer's page both show it; `children` are the controls below it.
 */
export function TeamSummaryCard({ team, children }: { team: TeamWithMembers; children?: ReactNode }) {
  return (
    <Card className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <TeamStatusBadge status={team.status} />
        <span className="font-semibold text-slate-800">
          {team.active_count} / {team.max_members} members
        </span>
        {team.urgent_role && team.urgent_by && team.status === "open" ? (
          <UrgentBadge role={team.urgent_role} by={team.urgent_by} />
        ) : null}
      </div>
      <p className="[overflow-wrap:anywhere] whitespace-pre-line text-slate-800">{team.description}</p>
      <div>
        <h2 className="mb-2 text-sm font-semibold text-slate-600">Legs</h2>
        <LegCoverage covered={team.covered_roles} open={team.open_legs} />
      </div>
      <TeamFacts team={team} />
      {children}
    </Card>
  );
}

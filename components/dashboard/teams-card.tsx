import Link from "next/link";
import { ShareTeamButton } from "@/components/teams/share-team-button";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import type { MyTeam } from "@/lib/data/dashboard";
import { cardLink, DashboardCard } from "./dashboard-card";

/** Your Teams (docs/product.md#dashboard): the first 2 teams; Create a Team only for someone who has not created one. */
export function TeamsCard({ teams, createdOne }: { teams: MyTeam[]; createdOne: boolean }) {
  return (
    <DashboardCard id="teams" title="Your Teams">
      {teams.length === 0 ? (
        <div>
          <p className="text-slate-700">You&apos;re not part of any teams yet.</p>
          {!createdOne ? (
            <Link href="/teams/create" className={`${cardLink} mt-3 inline-block`}>
              Create a Team
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <ul className="space-y-2">
            {teams.map((t) => (
              // Name above its status: the card is narrow, and a badge beside the name left room for a
              // word or two of it.
              <li key={t.id} className="flex flex-col items-start gap-1 rounded-lg bg-slate-50 px-3 py-2">
                <Link
                  href={`/teams/${t.id}`}
                  className="line-clamp-2 font-semibold wrap-anywhere text-slate-900 underline-offset-2 hover:underline"
                >
                  {t.name}
                </Link>
                {t.status === "open" ? (
                  <Badge tone="success">Looking for members</Badge>
                ) : (
                  <Badge tone="warning">Full team</Badge>
                )}
                {t.own && t.status !== "closed" ? (
                  // docs/product.md#public-team-pages: the creator shares the team's public page (a club chat, a Facebook group).
                  <ShareTeamButton
                    path={`/teams/${t.id}`}
                    title={t.name}
                    className={buttonClasses("secondary", "md", "mt-1 px-3 py-1")}
                  />
                ) : null}
              </li>
            ))}
          </ul>
          <Link href="/teams" className={`${cardLink} mt-auto pt-4`}>
            View All Teams
          </Link>
        </>
      )}
    </DashboardCard>
  );
}

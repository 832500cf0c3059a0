import Link from "next/link";
import { AskToJoinLink } from "@/components/teams/ask-to-join-link";
import { urgentWords } from "@/components/teams/urgent-badge";
import { UrgentNotice } from "@/components/teams/urgent-notice";
import { buttonClasses } from "@/components/ui/button";
import type { Team } from "@/lib/data/teams";

const action = buttonClasses("primary", "md", "w-full sm:w-auto");

/**
 * "Teams that need someone now": the live urgent teams, each a compact card with the leg and the day it
 * is needed by and one action, "Ask to join as a runner", that carries the leg into the join step
 * (through sign-up for a visitor). Rendered into the static landing page and refreshed with it.
 */
export function UrgentTeams({ teams }: { teams: Team[] }) {
  const cards = teams.flatMap((team) => {
    const words = team.urgent_role && team.urgent_by ? urgentWords(team.urgent_role, team.urgent_by) : null;
    return words ? [{ team, words }] : [];
  });
  if (!cards.length) return null;
  return (
    <section id="urgent-teams" aria-labelledby="urgent-teams-title">
      <h2 id="urgent-teams-title" className="text-ocean-950 text-lg font-bold sm:text-xl">
        Teams that need someone now
      </h2>
      <ul className="listing-grid mt-3">
        {cards.map(({ team, words }) => (
          <li key={team.id} className="card listing-card">
            <h3 className="card-title text-base wrap-anywhere sm:text-lg">
              <Link href={`/teams/${team.id}`} prefetch={false} className="hover:underline">
                {team.name}
              </Link>
            </h3>
            <UrgentNotice {...words} />
            <p className="min-w-0 truncate text-sm text-slate-700">
              {`${team.location ?? "Noosa"} · ${team.active_count}/${team.max_members} members`}
            </p>
            <div className="mt-auto pt-1">
              <AskToJoinLink
                // Only the fields the link needs cross to the browser.
                team={{ id: team.id, name: team.name, creator_id: team.creator_id }}
                leg={team.urgent_role}
                currentUserId={null}
                className={action}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

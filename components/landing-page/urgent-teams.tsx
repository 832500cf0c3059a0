import Link from "next/link";
import { UrgentBadge } from "@/components/teams/urgent-badge";
import { buttonClasses } from "@/components/ui/button";
import { getUrgentTeams } from "@/lib/data/urgent-teams";

/**
 * "Teams that need someone now" (issue 20): the live urgent teams, each one press from its public page,
 * where Request to Join is remembered through sign-up. Rendered into the static landing page and refreshed
 * with it; nothing when there are none or the database is unreachable.
 */
export async function UrgentTeams() {
  const teams = await getUrgentTeams();
  if (!teams?.length) return null;
  return (
    <section
      id="urgent-teams"
      aria-labelledby="urgent-teams-title"
      className="border-b border-slate-200 bg-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h2 id="urgent-teams-title" className="text-ocean-950 text-2xl font-bold">
          Teams that need someone now
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {teams.map((team) => (
            <li
              key={team.id}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-5 shadow-sm"
            >
              <h3 className="text-ocean-950 text-lg font-bold break-words">{team.name}</h3>
              <p className="text-sm text-slate-700">
                {`${team.location ?? "Noosa"} · ${team.active_count}/${team.max_members} members`}
              </p>
              {team.urgent_role && team.urgent_by ? (
                <UrgentBadge role={team.urgent_role} by={team.urgent_by} />
              ) : null}
              <Link
                href={`/teams/${team.id}`}
                aria-label={`See ${team.name}`}
                className={buttonClasses("primary", "md", "mt-auto")}
              >
                See the team
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm">
          <Link href="/browse" className="text-ocean-800 font-semibold underline underline-offset-2">
            All open teams
          </Link>
        </p>
      </div>
    </section>
  );
}

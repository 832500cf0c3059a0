import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import type { Team } from "@/lib/data/teams";
import { ShareTeamButton } from "./share-team-button";

/** How long a team counts as new on /teams, where its creator is asked to share it. */
export const newTeamHours = 24;

/** The creator's own open team made in the last `newTeamHours`, if any: the one to ask them to share. */
export function newOwnTeam(teams: Team[], creatorId: string, now: Date = new Date()): Team | null {
  const since = now.getTime() - newTeamHours * 3_600_000;
  return (
    teams.find(
      (t) => t.creator_id === creatorId && t.status === "open" && Date.parse(t.created_at) >= since,
    ) ?? null
  );
}

/**
 * After Create Team the creator lands on /teams; a new team is found by people it is shown to, so the
 * first thing there asks them to share it (the share sheet on a phone, the link copied elsewhere).
 */
export function ShareNewTeam({ team }: { team: Team }) {
  return (
    <section
      aria-labelledby="share-new-team-title"
      className="border-ocean-100 bg-ocean-50 flex flex-col gap-3 rounded-2xl border p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h2 id="share-new-team-title" className="text-ocean-950 text-lg font-bold [overflow-wrap:anywhere]">
          {team.name} is live. Share it to fill your legs sooner.
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Post the link in your club chat or a race-week group: anyone can open the team page and ask to join.
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <ShareTeamButton
          path={`/teams/${team.id}`}
          title={team.name}
          className={buttonClasses("primary", "md")}
        />
        <Link href={`/teams/${team.id}`} className={buttonClasses("secondary", "md")}>
          View team
        </Link>
      </div>
    </section>
  );
}

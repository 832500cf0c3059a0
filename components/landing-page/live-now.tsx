import Link from "next/link";
import { LiveNumbers } from "@/components/landing/live-numbers";
import { LinkButton } from "@/components/ui/button";
import type { LiveNumbers as Numbers } from "@/lib/data/live-numbers";
import type { Team } from "@/lib/data/teams";
import type { Specialty } from "@/lib/labels";
import { UrgentTeams } from "./urgent-teams";

const link = "text-ocean-800 font-semibold underline underline-offset-2";

/**
 * A landing page's first screen on a phone: the live urgent teams, the counts that are not zero, and the
 * main button to the open teams that need the leg the urgent teams ask for most. With no urgent team it
 * says so and offers the urgent-leg alerts instead (by e-mail: Register Interest for a visitor, Settings
 * for an athlete). `teams` is null when the page was built without a database: then only the button
 * shows, until the first request regenerates it (lib/data/public-cache.ts).
 */
export function LiveNow({
  teams,
  numbers,
  leg,
  teamsHref,
}: {
  teams: Team[] | null;
  numbers: Numbers | null;
  leg: Specialty | null;
  teamsHref: string;
}) {
  const none = teams !== null && teams.length === 0;
  return (
    <section id="live-now" aria-label="Live now" className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-4 sm:px-6 sm:py-6">
        {teams?.length ? <UrgentTeams teams={teams} /> : null}
        {none ? (
          <div className="rounded-2xl border border-slate-200 bg-white p-4">
            <h2 className="text-ocean-950 text-lg font-bold">No team needs someone urgently right now</h2>
            <p className="mt-1 text-sm text-slate-700">
              Get an e-mail the moment a team urgently needs your leg.
            </p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
              <LinkButton href="/register-interest" prefetch={false}>
                Alert me when a team needs my leg
              </LinkButton>
              <p className="text-sm text-slate-700">
                Have an account? Turn on urgent leg alerts in{" "}
                <Link href="/settings" prefetch={false} className={link}>
                  Settings
                </Link>
                .
              </p>
            </div>
          </div>
        ) : null}
        <LiveNumbers numbers={numbers} />
        <LinkButton href={teamsHref} prefetch={false} size="lg" className="w-full sm:w-auto">
          {leg ? `See teams that need a ${leg}` : "See open teams"}
        </LinkButton>
      </div>
    </section>
  );
}

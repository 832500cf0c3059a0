import type { Metadata } from "next";
import { PageIntro } from "@/components/layout/page-intro";
import { SessionCard } from "@/components/sessions/session-card";
import { parseSessionFilters, SessionFilters } from "@/components/sessions/session-filters";
import { LinkButton } from "@/components/ui/button";
import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { listUpcomingSessions } from "@/lib/data/sessions";
import { pageMetadata } from "@/lib/seo/metadata";

export const dynamic = "force-dynamic";

export const metadata: Metadata = pageMetadata({
  title: "Group training sessions around Noosa",
  description:
    "Ocean swims off Main Beach at dawn, Noosa Hill repeats, river runs: join a group session, or its waitlist when it is full.",
  path: "/sessions",
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Upcoming sessions anyone may join (team-only ones for their members), signed out too. */
export default async function SessionsPage({ searchParams }: Props) {
  const filters = parseSessionFilters(await searchParams);
  const claims = await getClaims();
  const sessions = await withRls(claims, (tx) => listUpcomingSessions(tx, filters));
  return (
    <>
      <PageIntro eyebrow="Train with others" title="Group training sessions">
        Swims, rides, runs and bricks around Noosa. Take a place, or join the waitlist of a full one: a freed
        place is offered straight away.
      </PageIntro>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700">
            {sessions.length === 1 ? "1 upcoming session" : `${sessions.length} upcoming sessions`}
          </p>
          <LinkButton href="/sessions/new" variant="secondary">
            Post a session
          </LinkButton>
        </div>
        <SessionFilters f={filters} />
        {sessions.length ? (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sessions.map((s) => (
              <SessionCard key={s.occurrence_id} s={s} />
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
            No upcoming sessions match. Try another day or sport, or post one yourself.
          </p>
        )}
      </div>
    </>
  );
}

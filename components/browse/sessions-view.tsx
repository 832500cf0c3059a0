import { LinkButton } from "@/components/ui/button";
import { SessionCard } from "@/components/sessions/session-card";
import type { SessionCard as Card } from "@/lib/data/sessions";

/** Browse's "Sessions": the next upcoming group sessions, and the way to all of them with filters. */
export function SessionsView({ sessions }: { sessions: Card[] }) {
  return (
    <section aria-labelledby="sessions-title" className="space-y-4 pt-2">
      <div className="listing-head">
        <div className="min-w-0">
          <h2 id="sessions-title" className="listing-title">
            Upcoming Group Sessions
          </h2>
          <p className="mt-0.5 text-sm text-slate-700 sm:mt-1 sm:text-base">
            Swims, rides and runs around Noosa anyone can join.
          </p>
        </div>
      </div>
      {sessions.length > 0 ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sessions.map((s) => (
            <SessionCard key={s.occurrence_id} s={s} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">
          No group sessions are coming up yet.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <LinkButton href="/sessions">All sessions and filters</LinkButton>
        <LinkButton href="/sessions/new" variant="secondary">
          Post a session
        </LinkButton>
      </div>
    </section>
  );
}

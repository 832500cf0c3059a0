import Link from "next/link";
import type { SessionCard } from "@/lib/data/sessions";
import { formatSessionStart, sessionPath } from "@/lib/sessions/format";
import { spotName } from "@/lib/sessions/spots";
import { cardLink, DashboardCard } from "./dashboard-card";

/** "Your next session": the soonest date one is going to, offered a place in, or hosting. */
export function NextSessionCard({
  next,
}: {
  next: (SessionCard & { role: "going" | "host" | "offered" }) | null;
}) {
  return (
    <DashboardCard id="next-session" title="Your next session">
      {next ? (
        <div className="space-y-1">
          <Link
            href={sessionPath(next.occurrence_id)}
            className="text-ocean-800 font-semibold break-words underline"
          >
            {next.title}
          </Link>
          <p className="text-sm text-slate-700">
            {formatSessionStart(next.starts_at)} at {spotName(next.meeting_point)}
          </p>
          <p className="text-sm text-slate-700">
            {next.role === "host"
              ? `You're hosting: ${next.going} of ${next.places} going`
              : next.role === "offered"
                ? "A place is free for you: take it now"
                : "You're going"}
          </p>
        </div>
      ) : (
        <p className="text-slate-700">No session coming up. Find a swim, ride or run to join.</p>
      )}
      <Link href="/sessions" className={cardLink}>
        Find training sessions
      </Link>
    </DashboardCard>
  );
}

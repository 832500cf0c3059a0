import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { SessionCard as Card } from "@/lib/data/sessions";
import { formatDuration, formatSessionStart, sessionPath } from "@/lib/sessions/format";
import {
  levelLabels,
  paceBand,
  sportLabels,
  type PaceUnit,
  type SessionLevel,
  type SessionSport,
} from "@/lib/sessions/labels";
import { spotName } from "@/lib/sessions/spots";

/**
 * Places left, or the waitlist, in words: the same words on the card and the session's page. `inside`: the
 * host, or someone going, waiting or offered a place, whom "join the waitlist" would not make sense to.
 */
export function placesText(
  s: Pick<Card, "places" | "going" | "held" | "waiting" | "status">,
  inside = false,
): string {
  if (s.status === "cancelled") return "Cancelled";
  const free = s.places - s.going - s.held;
  if (free > 0 && s.waiting === 0) return `${free} of ${s.places} places left`;
  const waiting = s.waiting ? ` (${s.waiting} waiting)` : "";
  return inside ? `Full${waiting}` : `Full: join the waitlist${waiting}`;
}

/** One upcoming date in the list: what, when, where, places. */
export function SessionCard({ s }: { s: Card }) {
  const pace = paceBand(s.pace_unit as PaceUnit | null, s.pace_from, s.pace_to);
  const full = s.places - s.going - s.held <= 0 || s.waiting > 0;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="ocean">{sportLabels[s.sport as SessionSport]}</Badge>
        <Badge>{levelLabels[s.level as SessionLevel]}</Badge>
        {s.status === "cancelled" ? <Badge tone="warning">Cancelled</Badge> : null}
        {s.weather_call === "moved" && s.status === "scheduled" ? <Badge tone="warning">Moved</Badge> : null}
      </div>
      <h2 className="text-ocean-950 mt-2 text-lg font-bold break-words">
        <Link href={sessionPath(s.occurrence_id)} className="hover:underline">
          {s.title}
        </Link>
      </h2>
      <p className="text-sm text-slate-700">
        <time dateTime={s.starts_at}>{formatSessionStart(s.starts_at)}</time> ·{" "}
        {formatDuration(s.duration_minutes)}
      </p>
      <p className="text-sm text-slate-700">{spotName(s.meeting_point)}</p>
      {pace ? <p className="text-sm text-slate-700">Pace {pace}</p> : null}
      <p className={`mt-2 text-sm font-semibold ${full ? "text-amber-800" : "text-emerald-800"}`}>
        {placesText(s)}
      </p>
    </li>
  );
}

import "server-only";
import type { MetadataRoute } from "next";
import { withRls, type Tx } from "@/lib/db";
import { sessionPath } from "@/lib/sessions/format";
import { absoluteUrl } from "@/lib/site";
import type { RsvpState } from "@/lib/sessions/labels";

// Reads of training sessions under the caller's RLS (withRls): what a visitor, an athlete or the host may see
// is the database's decision (private.session_visible_to_me); these only shape it for the pages.

export type SessionCard = {
  occurrence_id: string;
  session_id: string;
  title: string;
  sport: string;
  level: string;
  meeting_point: string;
  meeting_note: string | null;
  starts_at: string;
  duration_minutes: number;
  pace_unit: string | null;
  pace_from: number | null;
  pace_to: number | null;
  places: number;
  going: number;
  held: number;
  waiting: number;
  status: "scheduled" | "cancelled";
  cancel_reason: string | null;
  weather_call: string | null;
  moved_at: string | null;
  sequence: number;
  host_id: string;
  host_name: string | null;
  team_only: boolean;
  repeats: boolean;
};

export type SessionFilters = { sport?: string; day?: number; level?: string; place?: string };

const cardColumns = (tx: Tx) => tx`
  o.id as occurrence_id, s.id as session_id, s.title, s.sport, s.level,
  coalesce(o.meeting_point, s.meeting_point) as meeting_point, coalesce(o.meeting_note, s.meeting_note) as meeting_note,
  o.starts_at, s.duration_minutes, s.pace_unit, s.pace_from, s.pace_to, o.places, o.going_count as going,
  o.held_count as held, coalesce(w.waiting, 0) as waiting, o.status, o.cancel_reason, o.weather_call, o.moved_at,
  o.sequence, s.host_id, h.full_name as host_name, s.who_may_join = 'team' as team_only,
  s.repeat_days is not null as repeats`;

/** Upcoming dates (not started), soonest first, by sport, weekday in Noosa, level and meeting point. */
export async function listUpcomingSessions(tx: Tx, f: SessionFilters, limit = 60): Promise<SessionCard[]> {
  return tx<SessionCard[]>`
    select ${cardColumns(tx)}
    from public.session_occurrences o
    join public.training_sessions s on s.id = o.session_id
    left join public.profiles h on h.id = s.host_id
    left join lateral (select waiting from public.session_waiting_counts(array[o.id])) w on true
    where o.starts_at > now() and s.status = 'active'
      ${f.sport ? tx`and s.sport = ${f.sport}` : tx``}
      ${f.level ? tx`and (s.level = ${f.level} or s.level = 'all')` : tx``}
      ${f.place ? tx`and coalesce(o.meeting_point, s.meeting_point) = ${f.place}` : tx``}
      ${f.day ? tx`and extract(isodow from o.starts_at at time zone 'Australia/Brisbane') = ${f.day}` : tx``}
    order by o.starts_at, o.id
    limit ${limit}`;
}

export type SessionPage = SessionCard & {
  details: string | null;
  route_url: string | null;
  last_minute_hours: number;
  late_cancel_hours: number;
  is_host: boolean;
  /** The caller's own place (no Report beside it), and whether they may report the others' (the host, those going). */
  my_rsvp_id: string | null;
  may_report_places: boolean;
  my_state: RsvpState | null;
  my_offer_kind: "head" | "open" | null;
  my_offer_expires_at: string | null;
  ends_at: string;
  started: boolean;
  other_dates: { occurrence_id: string; starts_at: string; status: string }[];
};

// The caller's own answer; a visitor has none (and no right to the answers table at all).
const mine = (tx: Tx, signedIn: boolean) =>
  signedIn
    ? tx`left join public.session_rsvps r on r.occurrence_id = o.id and r.profile_id = private.my_profile_id()`
    : tx`left join (select null::uuid as id, null::text as state, null::text as offer_kind,
                             null::timestamptz as offer_expires_at) r
           on true`;

/** One date as the caller may see it, with their own answer; null when not found or not theirs to see. */
export async function readSessionOccurrence(
  tx: Tx,
  occurrenceId: string,
  signedIn: boolean,
): Promise<SessionPage | null> {
  const [row] = await tx<SessionPage[]>`
    select ${cardColumns(tx)}, s.details, s.route_url, s.last_minute_hours, s.late_cancel_hours,
           coalesce(s.host_id = private.my_profile_id(), false) as is_host,
           r.id as my_rsvp_id, ${signedIn ? tx`private.may_report_places(o.id)` : tx`false`} as may_report_places,
           r.state as my_state, r.offer_kind as my_offer_kind, r.offer_expires_at as my_offer_expires_at,
           o.starts_at + make_interval(mins => s.duration_minutes) as ends_at, o.starts_at <= now() as started,
           coalesce((select jsonb_agg(jsonb_build_object('occurrence_id', x.id, 'starts_at', x.starts_at,
                                                         'status', x.status) order by x.starts_at)
                     from (select * from public.session_occurrences x
                           where x.session_id = s.id and x.id <> o.id and x.starts_at > now()
                           order by x.starts_at limit 6) x), '[]') as other_dates
    from public.session_occurrences o
    join public.training_sessions s on s.id = o.session_id
    left join public.profiles h on h.id = s.host_id
    left join lateral (select waiting from public.session_waiting_counts(array[o.id])) w on true
    ${mine(tx, signedIn)}
    where o.id = ${occurrenceId}`;
  return row ?? null;
}

export type Attendee = {
  rsvp_id: string;
  profile_id: string | null;
  full_name: string;
  username: string | null;
  state: RsvpState;
  late_cancel: boolean;
  queue_position: number | null;
};

export async function listAttendees(tx: Tx, occurrenceId: string): Promise<Attendee[]> {
  return tx<Attendee[]>`
    select rsvp_id, profile_id, full_name, username, state, late_cancel, queue_position
    from public.session_attendees(${occurrenceId})`;
}

/** The caller's next date they're going to or hosting (the dashboard's "Your next session"). */
export async function myNextSession(
  tx: Tx,
): Promise<(SessionCard & { role: "going" | "host" | "offered" }) | null> {
  const [row] = await tx<(SessionCard & { role: "going" | "host" | "offered" })[]>`
    select ${cardColumns(tx)},
           case when s.host_id = (select private.my_profile_id()) then 'host' else r.state end as role
    from (
      -- The athlete's own dates first (hosted, or going or offered a place), so the rest is read by key
      -- for those few rows only, whatever the number of sessions and athletes.
      select o.id from public.session_occurrences o
      join public.training_sessions s on s.id = o.session_id
      where s.host_id = (select private.my_profile_id()) and o.starts_at > now() and o.status = 'scheduled'
      union
      select r.occurrence_id from public.session_rsvps r
      where r.profile_id = (select private.my_profile_id()) and r.state in ('going', 'offered')
    ) mine
    join public.session_occurrences o on o.id = mine.id
    join public.training_sessions s on s.id = o.session_id
    left join public.profiles h on h.id = s.host_id
    left join lateral (select waiting from public.session_waiting_counts(array[o.id])) w on true
    left join public.session_rsvps r on r.occurrence_id = o.id and r.profile_id = (select private.my_profile_id())
    where o.starts_at > now() and o.status = 'scheduled'
    order by o.starts_at limit 1`;
  return row ?? null;
}

/** Upcoming dates anyone may join, as a visitor sees them, for the sitemap. */
export async function sessionSitemapEntries(): Promise<MetadataRoute.Sitemap> {
  const rows = await withRls(
    null,
    (tx) => tx<{ occurrence_id: string; updated_at: Date }[]>`
      select o.id as occurrence_id, o.updated_at from public.session_occurrences o
      join public.training_sessions s on s.id = o.session_id
      where o.starts_at > now() and o.status = 'scheduled' and s.who_may_join = 'anyone'
      order by o.starts_at limit 500`,
  );
  return rows.map((r) => ({
    url: absoluteUrl(sessionPath(r.occurrence_id)),
    lastModified: new Date(r.updated_at),
    changeFrequency: "daily" as const,
    priority: 0.6,
  }));
}

import "server-only";
import type { CalendarSession, CalendarTeam } from "@/lib/calendar/ics";
import type { Tx } from "@/lib/db";

type FeedRow = Omit<CalendarTeam, "created_at" | "updated_at"> & {
  created_at: string | Date;
  updated_at: string | Date;
};

const toTeam = (row: FeedRow): CalendarTeam => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

/**
 * The private feed of the token whose hash is given: the teams its athlete is an active member of, or
 * null when no feed has that hash (never made, replaced or revoked). Runs as a visitor: the SQL function
 * is the only way in.
 */
export async function readCalendarFeed(tx: Tx, tokenHash: string): Promise<CalendarTeam[] | null> {
  const [row] = await tx<{ feed: { teams: FeedRow[] } | null }[]>`
    select public.calendar_feed(${tokenHash}) as feed`;
  return row?.feed ? row.feed.teams.map(toTeam) : null;
}

/** The team, as its calendar needs it, if the signed-in account races in it (active member); else null. */
export async function findMyCalendarTeam(
  tx: Tx,
  teamId: string,
  authId: string,
): Promise<CalendarTeam | null> {
  const [row] = await tx<FeedRow[]>`
    select t.id, t.name, t.location, t.training_schedule, m.role, t.created_at, t.updated_at
    from public.teams t
    join public.team_members m on m.team_id = t.id and m.status = 'active'
    join public.profiles p on p.id = m.profile_id and p.auth_id = ${authId}
    where t.id = ${teamId}`;
  return row ? toTeam(row) : null;
}

/** When the signed-in athlete's feed was made, or null when they have none. */
export async function findMyCalendarFeed(tx: Tx): Promise<Date | null> {
  const [row] = await tx<{ created_at: Date }[]>`select created_at from public.calendar_feeds`;
  return row?.created_at ?? null;
}

/** Makes the athlete's feed with this token hash, replacing any older one. */
export async function createCalendarFeed(tx: Tx, tokenHash: string): Promise<Date> {
  const [row] = await tx<{ made: Date }[]>`select public.create_calendar_feed(${tokenHash}) as made`;
  return row!.made;
}

export async function revokeCalendarFeed(tx: Tx): Promise<void> {
  await tx`select public.revoke_calendar_feed()`;
}

/** The session dates of the feed's athlete (going or hosting), for the same token; empty for an unknown one. */
export async function readCalendarFeedSessions(tx: Tx, tokenHash: string): Promise<CalendarSession[]> {
  const [row] = await tx<{ sessions: CalendarSession[] }[]>`
    select public.calendar_feed_sessions(${tokenHash}) as sessions`;
  return row?.sessions ?? [];
}

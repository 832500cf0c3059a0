import "server-only";
import type { Tx } from "@/lib/db";

// Thin calls of the SQL functions in supabase/migrations/*_training_sessions.sql, which carry the rules
// (places, the waitlist, offers, the host's rights, blocks). Run them inside withRls as the signed-in user.

export type SessionInput = {
  /** The form's own id for the new session, so a second press of Post makes no second session. */
  id?: string;
  title: string;
  details?: string | null;
  sport: string;
  meeting_point: string;
  meeting_note?: string | null;
  duration_minutes: number;
  pace_unit?: string | null;
  pace_from?: number | null;
  pace_to?: number | null;
  level: string;
  places: number;
  who_may_join?: "anyone" | "team";
  team_id?: string | null;
  route_url?: string | null;
  last_minute_hours?: number;
  late_cancel_hours?: number;
  /** YYYY-MM-DD in Noosa. */
  first_day: string;
  /** HH:MM in Noosa. */
  local_time: string;
  /** ISO weekdays (1 = Monday) of a weekly series; empty or absent: once. */
  repeat_days?: number[];
  repeat_until?: string | null;
  repeat_count?: number | null;
};

export type SessionEdit = Omit<
  SessionInput,
  "id" | "first_day" | "local_time" | "repeat_days" | "repeat_until" | "repeat_count" | "team_id"
>;

export async function createSession(tx: Tx, input: SessionInput) {
  const [row] = await tx<{ result: { session_id: string; occurrence_id: string } }[]>`
    select public.create_training_session(${tx.json(input)}) as result`;
  return row!.result;
}

export async function updateSession(tx: Tx, sessionId: string, input: SessionEdit) {
  await tx`select public.update_training_session(${sessionId}, ${tx.json(input)})`;
}

export async function cancelSession(tx: Tx, sessionId: string): Promise<number> {
  const [row] = await tx<{ n: number }[]>`select public.cancel_training_session(${sessionId}) as n`;
  return row!.n;
}

export type RsvpOutcome = "going" | "waitlisted" | "offered" | "taken" | "expired" | "declined" | "cancelled";

const first = (rows: { state: RsvpOutcome }[]) => rows[0]!.state;

export const takePlace = async (tx: Tx, occurrenceId: string) =>
  first(await tx`select public.take_session_place(${occurrenceId}) as state`);
export const acceptOffer = async (tx: Tx, occurrenceId: string) =>
  first(await tx`select public.accept_session_offer(${occurrenceId}) as state`);
export const declineOffer = async (tx: Tx, occurrenceId: string) =>
  first(await tx`select public.decline_session_offer(${occurrenceId}) as state`);
export const leaveSession = async (tx: Tx, occurrenceId: string) =>
  first(await tx`select public.leave_session(${occurrenceId}) as state`);

export async function setPlaces(tx: Tx, occurrenceId: string, places: number) {
  await tx`select public.set_session_places(${occurrenceId}, ${places}::int)`;
}

export type WeatherCall = "on" | "moved" | "cancelled";

export async function callWeather(
  tx: Tx,
  occurrenceId: string,
  call: WeatherCall,
  move: { startsAt?: string | null; meetingPoint?: string | null; meetingNote?: string | null } = {},
): Promise<string> {
  const [row] = await tx<{ r: string }[]>`
    select public.call_session_weather(${occurrenceId}, ${call}, ${move.startsAt ?? null}::timestamptz,
                                       ${move.meetingPoint ?? null}, ${move.meetingNote ?? null}) as r`;
  return row!.r;
}

export type Move = { day: string; time: string; meetingPoint: string; meetingNote: string; weather: boolean };

/**
 * Moves one date to a Noosa day and time (read in Australia/Brisbane by SQL) and/or another spot; with
 * `weather` it is the weather call "moved". Returns "moved", or "unchanged" when nothing differs.
 */
export async function moveOccurrence(tx: Tx, occurrenceId: string, m: Move): Promise<string> {
  const [row] = await tx<{ r: string }[]>`
    select public.move_session_occurrence(
      ${occurrenceId}, ((${m.day}::date + ${m.time}::time) at time zone 'Australia/Brisbane'),
      ${m.meetingPoint}, ${m.meetingNote || null}, ${m.weather}) as r`;
  return row!.r;
}

export async function cancelOccurrence(tx: Tx, occurrenceId: string, reason: "host" | "weather" = "host") {
  await tx`select public.cancel_session_occurrence(${occurrenceId}, ${reason})`;
}

export async function markAttendance(tx: Tx, rsvpId: string, attended: boolean): Promise<string> {
  const [row] = await tx<{ r: string }[]>`select public.mark_session_attendance(${rsvpId}, ${attended}) as r`;
  return row!.r;
}

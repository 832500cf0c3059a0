import "server-only";
import { withServiceRole } from "@/lib/db";

export type ScheduleResult = {
  occurrences_made: number;
  offers_expired: number;
  offers_withdrawn: number;
  reminders_queued: number;
};

/**
 * The sessions' scheduler tick (private.run_session_schedule): makes series' dates up to the horizon, ends
 * expired offers (the place moves on), withdraws offers of started dates and queues the evening-before
 * reminders. The notification cron runs it before each pass, so what it queues goes out in that pass.
 */
export async function runSessionSchedule(now?: Date): Promise<ScheduleResult> {
  const [row] = await withServiceRole(
    (tx) => tx<{ r: ScheduleResult }[]>`
      select private.run_session_schedule(coalesce(${now?.toISOString() ?? null}::timestamptz, now())) as r`,
  );
  return row!.r;
}

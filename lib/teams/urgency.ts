/**
 * Urgent vacancies ("Needs a runner by 2 Nov"): the day is a calendar day in Noosa's time zone
 * (Australia/Brisbane, no daylight saving), so "today" is Noosa's today wherever the server or browser is.
 */
export const noosaTimeZone = "Australia/Brisbane";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: noosaTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Noosa's calendar day at `now`, as YYYY-MM-DD. */
export function noosaToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** Seconds from `now` to Noosa's next midnight, when a day's urgent needs lapse (Brisbane is UTC+10 all year). */
export function secondsUntilNoosaMidnight(now: Date = new Date()): number {
  const nextMidnight = Date.parse(`${noosaToday(now)}T00:00:00+10:00`) + 86_400_000;
  return Math.ceil((nextMidnight - now.getTime()) / 1000);
}

/** Whole days from `today` to `day` (both YYYY-MM-DD). */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The time left in words: "today", "tomorrow", "3 days left"; null once the day has passed. */
export function timeLeftInWords(day: string, now: Date = new Date()): string | null {
  const days = daysBetween(noosaToday(now), day);
  if (Number.isNaN(days) || days < 0) return null;
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  return `${days} days left`;
}

// Made once: a formatter costs far more to create than to use, and every team card asks for one.
const shortDayFormat = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", timeZone: "UTC" });

/** "2 Nov" for 2026-11-02. */
export function shortDay(day: string): string {
  return shortDayFormat.format(new Date(`${day}T00:00:00Z`));
}

const roleNoun = { swimmer: "a swimmer", cyclist: "a cyclist", runner: "a runner" } as const;

/** "Needs a runner by 2 Nov". */
export function urgentNeedText(role: keyof typeof roleNoun, day: string): string {
  return `Needs ${roleNoun[role]} by ${shortDay(day)}`;
}

/** True while an open team's urgent day is today or later. */
export function isUrgent(
  team: { status: string; urgent_by: string | null },
  now: Date = new Date(),
): boolean {
  return team.status === "open" && team.urgent_by !== null && team.urgent_by >= noosaToday(now);
}

/**
 * Dates as Australians write them: day first, "28/11/2026". A date field reads what people type that way
 * (28/11/2026, 28-11-26, 28.11.2026, or the ISO 2026-11-28) into the YYYY-MM-DD the server takes, and
 * shows a stored day back in the same form. Days are calendar days (no time, no time zone).
 */

/** "28/11/2026" for 2026-11-28; "" for anything else. */
export function formatAuDate(isoDay: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay ?? "");
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
}

/** YYYY-MM-DD for a day typed day first; null when it is not a real calendar day. */
export function parseAuDate(text: string, century = 2000): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const au = /^(\d{1,2})\s*[/.\- ]\s*(\d{1,2})\s*[/.\- ]\s*(\d{2}|\d{4})$/.exec(value);
  let year: number, month: number, day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (au) {
    [day, month, year] = [Number(au[1]), Number(au[2]), Number(au[3])];
    if (au[3]!.length === 2) year += century;
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

const longDay = new Intl.DateTimeFormat("en-AU", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "Saturday 28 November 2026" for 2026-11-28: what a typed date was read as. */
export function longAuDate(isoDay: string): string {
  return longDay.format(new Date(`${isoDay}T00:00:00Z`)).replace(",", "");
}

import { event } from "@/lib/site";

/** "Sat 29 Nov, 6:00 am" in Noosa's time, whatever the server's zone. */
export function formatSessionStart(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  const day = d.toLocaleDateString("en-AU", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: event.timeZone,
  });
  const time = d
    .toLocaleTimeString("en-AU", {
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
      timeZone: event.timeZone,
    })
    .replace(/\s/g, " ")
    .toLowerCase();
  return `${day.replace(",", "")}, ${time}`;
}

/** "Sat 29 Nov" in Noosa's time: a date named short, where its start would not fit (the dashboard). */
export function formatSessionDay(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return d
    .toLocaleDateString("en-AU", {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: event.timeZone,
    })
    .replace(",", "");
}

/** "YYYY-MM-DD" of an instant in Noosa. */
export function noosaDay(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return d.toLocaleDateString("en-CA", { timeZone: event.timeZone });
}

/** "HH:MM" (24-hour) of an instant in Noosa, as a time field holds it. */
export function noosaTime(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return d.toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: event.timeZone,
  });
}

/** "1 h 30 min", "45 min". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : "", m ? `${m} min` : ""].filter(Boolean).join(" ");
}

/** The public page of one session date. */
export const sessionPath = (occurrenceId: string) => `/sessions/${occurrenceId}`;

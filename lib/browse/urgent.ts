import { specialtyLabels, type Specialty } from "@/lib/validation/profile";

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Today's date (yyyy-mm-dd) in Noosa, where urgent_by days are counted. */
export function noosaToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Brisbane" }).format(now);
}

/** "Needs a runner by 2 Nov" for a vacancy not yet past; null otherwise. */
export function urgentLabel(role: Specialty | null, by: string | null, now = new Date()): string | null {
  if (!role || !by || by < noosaToday(now)) return null;
  const [, m, d] = by.split("-").map(Number);
  return `Needs a ${specialtyLabels[role].toLowerCase()} by ${d} ${months[m! - 1]}`;
}

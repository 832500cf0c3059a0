// Labels for team pages and the team card, kept free of zod so the card stays light on public pages
// (browse).
import {
  dayLabels as sharedDayLabels,
  experienceLabels,
  specialties,
  specialtyLabels,
  timeLabels as sharedTimeLabels,
  type Specialty,
} from "@/lib/labels";

export const roleOrder = specialties;
export type Role = Specialty;

export const roleLabels: Record<Role, string> = specialtyLabels;
/** The leg each role races. */
export const legOf: Record<Role, string> = { swimmer: "Swim", cyclist: "Bike", runner: "Run" };

// The shared labels (lib/labels.ts), looked up by the plain strings the team rows carry.
export const levelLabels: Record<string, string> = experienceLabels;
export const dayLabels: Record<string, string> = sharedDayLabels;
export const timeLabels: Record<string, string> = sharedTimeLabels;
export const statusLabels = { open: "Open", full: "Full", closed: "Closed" } as const;

/** "Swimmer, Runner" in leg order; `empty` when the list is empty. */
export function listOf(values: readonly string[], labels: Record<string, string>, empty = "Any"): string {
  return values.length ? values.map((v) => labels[v] ?? v).join(", ") : empty;
}

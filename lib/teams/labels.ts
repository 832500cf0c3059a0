// Labels for team pages and the team card, kept free of zod so the card stays light on public pages
// (browse). The values match lib/validation/profile.ts and lib/validation/team.ts.
export const roleOrder = ["swimmer", "cyclist", "runner"] as const;
export type Role = (typeof roleOrder)[number];

export const roleLabels: Record<Role, string> = { swimmer: "Swimmer", cyclist: "Cyclist", runner: "Runner" };
/** The leg each role races. */
export const legOf: Record<Role, string> = { swimmer: "Swim", cyclist: "Bike", runner: "Run" };

export const levelLabels: Record<string, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
  elite: "Elite",
};
export const dayLabels: Record<string, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};
export const timeLabels: Record<string, string> = {
  early_morning: "Early morning",
  morning: "Morning",
  midday: "Midday",
  afternoon: "Afternoon",
  evening: "Evening",
};
export const statusLabels = { open: "Open", full: "Full", closed: "Closed" } as const;

/** "Swimmer, Runner" in leg order; `empty` when the list is empty. */
export function listOf(values: readonly string[], labels: Record<string, string>, empty = "Any"): string {
  return values.length ? values.map((v) => labels[v] ?? v).join(", ") : empty;
}

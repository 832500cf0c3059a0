/** Session enumerations and their labels, free of zod for public pages (the rule is the SQL CHECK). */
export const sessionSports = ["swim", "open_water_swim", "bike", "run", "brick"] as const;
export const sessionLevels = ["all", "beginner", "intermediate", "advanced", "elite"] as const;
export const paceUnits = ["per_100m", "per_km", "kmh"] as const;
export const rsvpStates = [
  "going",
  "waitlisted",
  "offered",
  "declined",
  "cancelled",
  "attended",
  "no_show",
] as const;

export type SessionSport = (typeof sessionSports)[number];
export type SessionLevel = (typeof sessionLevels)[number];
export type PaceUnit = (typeof paceUnits)[number];
export type RsvpState = (typeof rsvpStates)[number];

export const sportLabels: Record<SessionSport, string> = {
  swim: "Swim",
  open_water_swim: "Open-water swim",
  bike: "Bike",
  run: "Run",
  brick: "Brick (bike + run)",
};

export const levelLabels: Record<SessionLevel, string> = {
  all: "All levels",
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
  elite: "Elite",
};

export const paceUnitLabels: Record<PaceUnit, string> = {
  per_100m: "min/100 m",
  per_km: "min/km",
  kmh: "km/h",
};

/** "1:45" from 105 seconds. */
const minSec = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** "1:45–2:00 min/100 m", "28–32 km/h", or null without a band. */
export function paceBand(unit: PaceUnit | null, from: number | null, to: number | null): string | null {
  if (!unit || from === null || to === null) return null;
  const f = unit === "kmh" ? String(from) : minSec(from);
  const t = unit === "kmh" ? String(to) : minSec(to);
  return `${f === t ? f : `${f}–${t}`} ${paceUnitLabels[unit]}`;
}

/** ISO weekday (1 = Monday … 7 = Sunday) names. */
export const isoDayLabels = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

import { z } from "zod";
import { longAuDate } from "@/lib/format/au-date";
import { event } from "@/lib/site";
import "./csp-safe-zod";
import { experienceLevels, specialties, trainingDays, trainingTimes } from "./profile";
import { charCount, safeText } from "./text";

/**
 * The team form (docs/product.md#teams), shared by the create/edit forms (zodResolver) and the server actions. The
 * CHECKs in supabase/migrations/*_teams.sql mirror these limits; keep them in step.
 */
export const teamStatuses = ["open", "full", "closed"] as const;
export type TeamStatus = (typeof teamStatuses)[number];
export type TeamRole = (typeof specialties)[number];

export const teamLimits = {
  name: { min: 3, max: 50 },
  description: { min: 10, max: 500 },
  location: { min: 2, max: 100 },
  maxMembers: { min: 2, max: 6, default: 3 },
} as const;

const uniqueList = <T extends string>(values: readonly [T, ...T[]], empty?: string) => {
  const list = z
    .array(z.enum(values, { error: "Choose from the listed options" }), {
      error: empty ?? "Choose from the listed options",
    })
    .refine((items) => new Set(items).size === items.length, "Choose each option at most once");
  return empty ? list.min(1, empty) : list;
};

const teamFields = {
  name: safeText("Team name", {
    ...teamLimits.name,
    tooShort: "Team name must be at least 3 characters",
    tooLong: "Team name must be less than 50 characters",
  }),
  description: safeText(
    "Description",
    {
      ...teamLimits.description,
      tooShort: "Description must be at least 10 characters",
      tooLong: "Description must be less than 500 characters",
    },
    { multiline: true },
  ),
  // Optional: empty means "Location TBD".
  location: safeText("Location", {
    max: teamLimits.location.max,
    tooLong: "Location must be 100 characters or fewer",
  }).refine(
    (v) => v === "" || charCount(v) >= teamLimits.location.min,
    "Location must be at least 2 characters",
  ),
  max_members: z
    .number({ error: "Team size must be a number from 2 to 6" })
    .int("Team size must be a whole number")
    .min(teamLimits.maxMembers.min, "A team needs at least 2 members")
    .max(teamLimits.maxMembers.max, "A team can have at most 6 members"),
  requirements: z.strictObject(
    {
      roles: uniqueList(specialties, "Please select at least one role"),
      experience_levels: uniqueList(experienceLevels, "Please select at least one experience level"),
    },
    { error: "Requirements must list roles and experience levels only" },
  ),
  training_schedule: z.strictObject(
    { days: uniqueList(trainingDays), times: uniqueList(trainingTimes) },
    { error: "Training schedule must list days and times only" },
  ),
};

// Extra fields are refused, not dropped: a request carrying them did not come from the form.
const strictError = (what: string) => ({
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys"
      ? `Unknown field: ${issue.keys?.join(", ")}`
      : `Send the ${what} as a form`,
});

export const teamCreateSchema = z.strictObject(teamFields, strictError("team fields"));
export const teamUpdateSchema = z.strictObject(
  { ...teamFields, status: z.enum(teamStatuses, { error: "Please choose open, full or closed" }) },
  strictError("team fields"),
);

export type TeamCreateInput = z.infer<typeof teamCreateSchema>;
export type TeamUpdateInput = z.infer<typeof teamUpdateSchema>;

export const teamIdSchema = z.uuid({ error: "Invalid team id" });
export const memberIdSchema = z.uuid({ error: "Invalid member id" });

/** The leg asked for in a join request; "" means "my specialty". */
export const joinRoleSchema = z.union([z.enum(specialties), z.literal("")], {
  error: "Please choose swimmer, cyclist or runner",
});

/** A leg someone picks: the creator's "accept as", the requester's "ask for this leg instead". */
export const roleSchema = z.enum(specialties, { error: "Please choose swimmer, cyclist or runner" });

/** The urgent date's limit, in the words the database uses too (private.race_day()). */
export const raceDayMessage = `The date must be on or before race day, ${longAuDate(event.raceDay)}`;

/** Urgent vacancy: a leg and a calendar day (YYYY-MM-DD, Noosa time), at most a year ahead. */
export const urgentNeedSchema = (today: string) =>
  z.strictObject(
    {
      role: z.enum(specialties, { error: "Please choose the leg you need" }),
      by: z
        .string({ error: "Please choose a date" })
        .regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose a date")
        .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Please choose a date")
        .refine((v) => v >= today, "The date must be today or later")
        // Race day is the last day a leg can be needed by (public.set_team_urgent_need says the same).
        .refine((v) => v <= event.raceDay, raceDayMessage)
        .refine((v) => v <= addDays(today, 365), "Choose a date within the next year"),
    },
    strictError("urgent need"),
  );
export type UrgentNeedInput = z.infer<ReturnType<typeof urgentNeedSchema>>;

/** `day` (YYYY-MM-DD) plus `n` days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

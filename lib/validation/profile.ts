import { z } from "zod";
import "./csp-safe-zod";
import { safeText } from "./text";
import { experienceLevels, specialties, trainingDays, trainingTimes } from "@/lib/labels";

export { charCount } from "./text";

/**
 * The athlete profile form (docs/product.md#profiles), shared by the form (zodResolver) and the server actions. The
 * CHECK constraints in supabase/migrations/*_profiles.sql mirror these
 * limits and the safe-text rule of ./text.ts; keep them in step.
 */

// Re-exported: forms and actions import the enumerations with the schema.
export {
  dayLabels,
  disciplineLabels,
  disciplines,
  experienceLabels,
  experienceLevels,
  specialties,
  specialtyLabels,
  timeLabels,
  trainingDays,
  trainingTimes,
  type Discipline,
  type ExperienceLevel,
  type Specialty,
  type TrainingDay,
  type TrainingTime,
} from "@/lib/labels";

export const profileLimits = {
  username: { min: 3, max: 50 },
  fullName: { min: 2, max: 100 },
  location: { min: 2, max: 100 },
  goals: { min: 10, max: 500 },
  bio: { max: 1000 },
  trainingPreference: { max: 100 },
  targetTime: { max: 20 },
  achievements: { count: 10, max: 150 },
} as const;

/**
 * Usernames are handles others type and recognise: ASCII letters, digits, "_", "." and "-", as on most
 * sites. Look-alikes from other scripts or invisible characters cannot then pose as another athlete;
 * "Mia_Swims" and "mia_swims" are one handle (a unique index on lower(username)).
 */
export const usernamePattern = /^[A-Za-z0-9_.-]*$/;
export const usernameAlphabetMessage =
  "Username can only use letters (a-z), digits, underscores (_), dots (.) and hyphens (-)";

const { username, fullName, location, goals, bio, trainingPreference, targetTime, achievements } =
  profileLimits;

const targetTimeField = (label: string) =>
  safeText(`${label} target time`, {
    max: targetTime.max,
    tooLong: `Keep the ${label.toLowerCase()} time under ${targetTime.max + 1} characters`,
  }).optional();

const uniqueList = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z
    .array(z.enum(values, { error: "Choose from the listed options" }), {
      error: "Choose from the listed options",
    })
    .max(values.length, message)
    .refine((list) => new Set(list).size === list.length, message);

export const profileSchema = z.strictObject(
  {
    username: safeText("Username", {
      ...username,
      tooShort: "Username must be at least 3 characters",
      tooLong: "Username must be 50 characters or fewer",
    }).regex(usernamePattern, usernameAlphabetMessage),
    full_name: safeText("Full name", {
      ...fullName,
      tooShort: "Full name must be at least 2 characters",
      tooLong: "Full name must be 100 characters or fewer",
    }),
    location: safeText("Location", {
      ...location,
      tooShort: "Location is required",
      tooLong: "Location must be 100 characters or fewer",
    }),
    specialty: z.enum(specialties, { error: "Please choose your specialty" }),
    experience_level: z.enum(experienceLevels, { error: "Please choose your experience level" }),
    training_preference: safeText("Training preference", {
      max: trainingPreference.max,
      tooLong: "Training preference must be 100 characters or fewer",
    }),
    goals: safeText(
      "Goals",
      {
        ...goals,
        tooShort: "Please provide some details about your goals",
        tooLong: "Goals must be 500 characters or fewer",
      },
      { multiline: true },
    ),
    bio: safeText(
      "Bio",
      { max: bio.max, tooLong: "Bio must be 1000 characters or fewer" },
      { multiline: true },
    ),
    target_times: z.strictObject(
      { swim: targetTimeField("Swim"), bike: targetTimeField("Bike"), run: targetTimeField("Run") },
      { error: "Target times must list swim, bike and run only" },
    ),
    availability: z.strictObject(
      {
        days: uniqueList(trainingDays, "Choose each day at most once"),
        times: uniqueList(trainingTimes, "Choose each time at most once"),
      },
      { error: "Availability must list days and times only" },
    ),
    achievements: z
      .array(
        safeText("Achievement", {
          min: 1,
          max: achievements.max,
          tooShort: "Achievement cannot be empty",
          tooLong: "Keep each achievement to 150 characters or fewer",
        }),
        { error: "Achievements must be a list" },
      )
      .max(achievements.count, "Add at most 10 achievements"),
    is_public: z.boolean({ error: "Choose whether your profile is public" }),
    looking_for_team: z.boolean({ error: "Choose whether you are looking for a team" }),
    // Optional so a form from before the box existed still saves (its answer is then left as it was).
    open_to_training: z.boolean({ error: "Choose whether you are open to training partners" }).optional(),
    // Create-profile only: the opt-in to urgent leg alerts (kept in notification_settings, not the profile).
    urgent_alerts: z.boolean({ error: "Choose whether to get urgent leg alerts" }).optional(),
  },
  // Extra fields are refused, not silently dropped: a request carrying them did not come from the form.
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown field: ${issue.keys.join(", ")}`
        : "Send the profile fields as a form",
  },
);

export type ProfileInput = z.infer<typeof profileSchema>;

/** What the form starts from; specialty and level start unchosen (the select shows a placeholder). */
export type ProfileFormValues = Omit<ProfileInput, "specialty" | "experience_level"> &
  Partial<Pick<ProfileInput, "specialty" | "experience_level">>;

/** A new profile's form: the create form makes the profile public and looking for a team. */
export const emptyProfileInput: ProfileFormValues = {
  username: "",
  full_name: "",
  location: "",
  training_preference: "",
  goals: "",
  bio: "",
  target_times: { swim: "", bike: "", run: "" },
  availability: { days: [], times: [] },
  achievements: [],
  is_public: true,
  looking_for_team: true,
  open_to_training: false,
};

export const profileIdSchema = z.uuid({ error: "Invalid profile id" });

import { z } from "zod";
import { sessionSpotKeys } from "@/lib/sessions/spots";
import { sessionLevels, sessionSports } from "@/lib/sessions/labels";
import { safeText } from "./text";

const line = (label: string, min: number, max: number) =>
  safeText(label, {
    min,
    max,
    tooShort: `${label} needs at least ${min} characters`,
    tooLong: `${label} can be at most ${max} characters`,
  });
const lines = (label: string, max: number) =>
  safeText(label, { min: 0, max, tooLong: `${label} can be at most ${max} characters` }, { multiline: true });

/** The session form (mirrors the CHECKs of public.training_sessions; the rules stay in SQL). */
export const sessionFormSchema = z.object({
  id: z.uuid(),
  title: line("Title", 3, 80),
  details: lines("Details", 1000),
  sport: z.enum(sessionSports, { error: "Choose a sport" }),
  meeting_point: z.enum(sessionSpotKeys as [string, ...string[]], { error: "Choose a meeting point" }),
  meeting_note: safeText("Meeting note", { max: 140, tooLong: "Meeting note can be at most 140 characters" }),
  first_day: z.iso.date({ error: "Choose the day" }),
  local_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Choose the start time" }),
  duration_minutes: z.coerce
    .number({ error: "Give the duration" })
    .int()
    .min(15, { error: "At least 15 minutes" })
    .max(480, { error: "At most 8 hours" }),
  level: z.enum(sessionLevels, { error: "Choose a level" }),
  places: z.coerce
    .number({ error: "Give the number of places" })
    .int()
    .min(1, { error: "At least 1 place" })
    .max(50, { error: "At most 50 places" }),
  repeat_days: z.array(z.coerce.number().int().min(1).max(7)).max(7),
  repeat_count: z.union([
    z.literal(""),
    z.coerce.number().int().min(1, { error: "At least 1" }).max(52, { error: "At most 52 sessions" }),
  ]),
  route_url: z.union([
    z.literal(""),
    z.url({ protocol: /^https$/, error: "A route link starts with https://" }).max(500),
  ]),
  last_minute_hours: z.coerce.number().int().min(0).max(24, { error: "At most 24 hours" }),
  late_cancel_hours: z.coerce.number().int().min(0).max(72, { error: "At most 72 hours" }),
});

export type SessionForm = z.infer<typeof sessionFormSchema>;

export function sessionFromForm(form: FormData): unknown {
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v.trim() : "";
  };
  return {
    id: get("id"),
    title: get("title"),
    details: get("details"),
    sport: get("sport"),
    meeting_point: get("meeting_point"),
    meeting_note: get("meeting_note"),
    first_day: get("first_day"),
    local_time: get("local_time"),
    duration_minutes: get("duration_minutes"),
    level: get("level"),
    places: get("places"),
    repeat_days: form.getAll("repeat_days").map(String),
    repeat_count: get("repeat_count"),
    route_url: get("route_url"),
    last_minute_hours: get("last_minute_hours") || "3",
    late_cancel_hours: get("late_cancel_hours") || "12",
  };
}

/** The host's move of one date (mirrors move_session_occurrence's rules, which stay in SQL). */
export const moveFormSchema = z.object({
  occurrence: z.uuid(),
  day: z.iso.date({ error: "Choose the day" }),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Choose the start time" }),
  meeting_point: z.enum(sessionSpotKeys as [string, ...string[]], { error: "Choose a meeting point" }),
  meeting_note: safeText("Meeting note", { max: 140, tooLong: "Meeting note can be at most 140 characters" }),
  weather: z.boolean(),
});

"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { refreshPublicSessions } from "@/lib/data/public-cache";
import { action, formAction } from "@/lib/server-action/define-action";
import {
  acceptOffer,
  callWeather,
  cancelOccurrence,
  createSession,
  declineOffer,
  leaveSession,
  moveOccurrence,
  setPlaces,
  takePlace,
  type RsvpOutcome,
} from "@/lib/data/session-writes";
import { sessionPath } from "@/lib/sessions/format";
import { moveFormSchema, sessionFormSchema, sessionFromForm } from "@/lib/validation/session";

const failure = "Something went wrong. Please try again.";
const occurrence = { schema: z.uuid(), error: "Session not found" };
const signIn = { UNAUTHENTICATED: "Sign in to answer a session." };

/** What each answer tells the athlete, in the product's words. */
const outcomeMessages: Record<RsvpOutcome, string> = {
  going: "You're going. See you there!",
  waitlisted: "It's full: you're on the waitlist. We'll tell you the moment a place is yours to take.",
  offered: "A place is free right now: take it before someone else does.",
  taken: "Someone else took that place first. You're still on the waitlist.",
  expired: "Your offer expired, so the place went to the next athlete.",
  declined: "You let the place go to the next athlete.",
  cancelled: "You've left this session.",
};

const answer = (name: string, fn: typeof takePlace) =>
  action({ name, fallback: failure, texts: signIn, args: [occurrence] }, async ({ db }, occurrenceId) => {
    const state = await db((tx) => fn(tx, occurrenceId));
    revalidatePath(sessionPath(occurrenceId));
    revalidatePath("/sessions");
    refreshPublicSessions();
    return { ok: true, message: outcomeMessages[state], state } as const;
  });

export const takePlaceAction = answer("sessions.take", takePlace);
export const acceptOfferAction = answer("sessions.accept", acceptOffer);
export const declineOfferAction = answer("sessions.decline", declineOffer);
export const leaveSessionAction = answer("sessions.leave", leaveSession);

/** The host's weather call: on, or cancelled for the weather (a move goes through the move form). */
export const weatherCallAction = action(
  {
    name: "sessions.weather",
    fallback: failure,
    args: [occurrence, { schema: z.enum(["on", "cancelled"]), error: "Call it on or cancelled" }],
  },
  async ({ db }, occurrenceId, call) => {
    await db((tx) => callWeather(tx, occurrenceId, call));
    revalidatePath(sessionPath(occurrenceId));
    refreshPublicSessions();
    return {
      ok: true,
      message:
        call === "on"
          ? "Everyone going or waiting has been told it's on."
          : "Cancelled for the weather: everyone has been told.",
    } as const;
  },
);

export const cancelOccurrenceAction = action(
  { name: "sessions.cancel", fallback: failure, args: [occurrence] },
  async ({ db }, occurrenceId) => {
    await db((tx) => cancelOccurrence(tx, occurrenceId, "host"));
    revalidatePath(sessionPath(occurrenceId));
    refreshPublicSessions();
    return { ok: true, message: "This date is cancelled: everyone going or waiting has been told." } as const;
  },
);

export const setPlacesAction = formAction(
  {
    name: "sessions.places",
    fallback: failure,
    read: (form) => ({ occurrence: form.get("occurrence"), places: form.get("places") }),
    input: {
      schema: z.object({
        occurrence: z.uuid(),
        places: z.coerce
          .number({ error: "Give a number of places" })
          .int()
          .min(1, { error: "At least 1 place" })
          .max(50, { error: "At most 50 places" }),
      }),
      error: "Give a number of places between 1 and 50",
    },
  },
  async ({ db }, { occurrence: id, places }) => {
    await db((tx) => setPlaces(tx, id, places));
    revalidatePath(sessionPath(id));
    refreshPublicSessions();
    return { ok: true, message: `Places set to ${places}.`, at: Date.now() } as const;
  },
);

/** The host moves one date (a new day, time or spot); ticked "because of the weather", it is the weather call. */
export const moveOccurrenceAction = formAction(
  {
    name: "sessions.move",
    fallback: failure,
    read: (form) => {
      const get = (k: string) => String(form.get(k) ?? "").trim();
      return {
        occurrence: get("occurrence"),
        day: get("day"),
        time: get("time"),
        meeting_point: get("meeting_point"),
        meeting_note: get("meeting_note"),
        weather: form.get("weather") === "on",
      };
    },
    input: { schema: moveFormSchema, error: "Check the highlighted fields", fields: true },
    echo: (values) => ({ values: values as Record<string, unknown> }),
  },
  async ({ db }, m) => {
    const result = await db((tx) =>
      moveOccurrence(tx, m.occurrence, {
        day: m.day,
        time: m.time,
        meetingPoint: m.meeting_point,
        meetingNote: m.meeting_note,
        weather: m.weather,
      }),
    );
    revalidatePath(sessionPath(m.occurrence));
    revalidatePath("/sessions");
    refreshPublicSessions();
    return {
      ok: true,
      message:
        result === "moved"
          ? "Moved: everyone going or waiting has been told."
          : "Nothing changed: the day, time and place are the same.",
      at: Date.now(),
    } as const;
  },
);

/** Posts a session from the form and opens its first date. */
export const createSessionAction = formAction(
  {
    name: "sessions.create",
    fallback: "Could not post your session. Please try again.",
    texts: { UNAUTHENTICATED: "Sign in to post a session.", PROFILE_NOT_FOUND: "Create your profile first." },
    read: sessionFromForm,
    input: { schema: sessionFormSchema, error: "Check the highlighted fields", fields: true },
    echo: (values) => ({ values: values as Record<string, unknown> }),
  },
  async ({ db }, f) => {
    const { occurrence_id } = await db((tx) =>
      createSession(tx, {
        ...f,
        details: f.details || null,
        meeting_note: f.meeting_note || null,
        route_url: f.route_url || null,
        repeat_days: f.repeat_days,
        repeat_count: f.repeat_days.length && f.repeat_count !== "" ? f.repeat_count : null,
      }),
    );
    revalidatePath("/sessions");
    refreshPublicSessions();
    redirect(sessionPath(occurrence_id));
  },
);

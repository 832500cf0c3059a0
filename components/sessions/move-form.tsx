"use client";

import { startTransition, useActionState } from "react";
import { moveOccurrenceAction } from "@/lib/actions/sessions";
import { sessionSpotKeys, sessionSpots } from "@/lib/sessions/spots";

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";
const label = "block text-sm font-medium text-slate-800";

type Props = {
  occurrenceId: string;
  /** Where and when the date is now, in Noosa's time: the form starts from them. */
  day: string;
  time: string;
  meetingPoint: string;
  today: string;
};

/**
 * The host moves one date: a new day, time or spot, told to everyone going or waiting. Ticked "because
 * of the weather", it is the weather call "moved" (its badge and notice say so). The rules are SQL's.
 */
export function MoveForm({ occurrenceId, day, time, meetingPoint, today }: Props) {
  const [result, act, pending] = useActionState(moveOccurrenceAction, null);
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const err = (k: string) =>
    errors[k] ? (
      <span id={`move-${k}-error`} className="mt-1 block text-sm text-red-700">
        {errors[k]}
      </span>
    ) : null;
  const described = (k: string) =>
    errors[k] ? { "aria-describedby": `move-${k}-error`, "aria-invalid": true } : {};
  return (
    <details className="rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer font-semibold text-slate-800">Move this date</summary>
      <form
        action={act}
        // Sent by hand once the script runs, so a refused move keeps what was typed (React empties a form
        // whose `action` ran); before that, the browser posts it to the same action.
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          startTransition(() => act(form));
        }}
        className="mt-3 space-y-3"
        noValidate
      >
        <input type="hidden" name="occurrence" value={occurrenceId} />
        {result && !result.ok && result.error ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {result.error}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <label className={label}>
            New day
            <input
              name="day"
              type="date"
              min={today}
              defaultValue={day}
              className={input}
              {...described("day")}
            />
            {err("day")}
          </label>
          <label className={label}>
            Start
            <input name="time" type="time" defaultValue={time} className={input} {...described("time")} />
            {err("time")}
          </label>
        </div>
        <label className={label}>
          Meeting point
          <select
            name="meeting_point"
            defaultValue={meetingPoint}
            className={input}
            {...described("meeting_point")}
          >
            {sessionSpotKeys.map((k) => (
              <option key={k} value={k}>
                {sessionSpots[k].name}
              </option>
            ))}
          </select>
          {err("meeting_point")}
        </label>
        <label className={label}>
          Meeting note <span className="font-normal text-slate-600">(optional)</span>
          <input
            name="meeting_note"
            maxLength={140}
            placeholder="Look for the blue flag"
            className={input}
            {...described("meeting_note")}
          />
          {err("meeting_note")}
        </label>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input name="weather" type="checkbox" defaultChecked className="mt-1 h-4 w-4" />
          <span>Because of the weather (everyone is told it is the weather call)</span>
        </label>
        <button type="submit" className="btn btn-secondary btn-md" disabled={pending}>
          {pending ? "Telling everyone…" : "Move and tell everyone"}
        </button>
        {result?.ok ? (
          <p role="status" className="text-sm text-emerald-800">
            {result.message}
          </p>
        ) : null}
      </form>
    </details>
  );
}

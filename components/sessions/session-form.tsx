"use client";

import { startTransition, useActionState, useState } from "react";
import { createSessionAction } from "@/lib/actions/sessions";
import { isoDayLabels, levelLabels, sessionLevels, sessionSports, sportLabels } from "@/lib/sessions/labels";
import { sessionSpotKeys, sessionSpots } from "@/lib/sessions/spots";

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";
const label = "block text-sm font-medium text-slate-800";

/** Post a session: once, or weekly on chosen days. The rules are the database's; it answers in words. */
export function SessionForm({ today, firstDay }: { today: string; firstDay: string }) {
  const [id] = useState(() => crypto.randomUUID());
  const [result, act, pending] = useActionState(createSessionAction, null);
  const [weekly, setWeekly] = useState(false);
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const err = (k: string) =>
    errors[k] ? (
      <span id={`${k}-error`} className="mt-1 block text-sm text-red-700">
        {errors[k]}
      </span>
    ) : null;
  const described = (k: string) =>
    errors[k] ? { "aria-describedby": `${k}-error`, "aria-invalid": true } : {};
  return (
    <form
      action={act}
      // Sent by hand once the script runs, so a refused form keeps what was typed (React empties a form
      // whose `action` ran); before that, the browser posts it to the same action.
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        startTransition(() => act(form));
      }}
      className="space-y-4"
      noValidate
    >
      <input type="hidden" name="id" value={id} />
      {result && !result.ok && result.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {result.error}
        </p>
      ) : null}
      <label className={label}>
        Title
        <input
          name="title"
          required
          maxLength={80}
          placeholder="Dawn ocean swim"
          className={input}
          {...described("title")}
        />
        {err("title")}
      </label>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <label className={label}>
          Sport
          <select name="sport" className={input} defaultValue="open_water_swim">
            {sessionSports.map((s) => (
              <option key={s} value={s}>
                {sportLabels[s]}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Level
          <select name="level" className={input} defaultValue="all">
            {sessionLevels.map((l) => (
              <option key={l} value={l}>
                {levelLabels[l]}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Meeting point
          <select name="meeting_point" className={input} defaultValue="noosa_main_beach">
            {sessionSpotKeys.map((k) => (
              <option key={k} value={k}>
                {sessionSpots[k].name}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Meeting note (optional)
          <input
            name="meeting_note"
            maxLength={140}
            placeholder="Look for the blue flag"
            className={input}
            {...described("meeting_note")}
          />
          {err("meeting_note")}
        </label>
        <label className={label}>
          {weekly ? "First day" : "Day"}
          <input
            name="first_day"
            type="date"
            min={today}
            defaultValue={firstDay}
            className={input}
            {...described("first_day")}
          />
          {err("first_day")}
        </label>
        <label className={label}>
          Start time (Noosa)
          <input
            name="local_time"
            type="time"
            defaultValue="06:00"
            className={input}
            {...described("local_time")}
          />
          {err("local_time")}
        </label>
        <label className={label}>
          Duration (minutes)
          <input
            name="duration_minutes"
            type="number"
            min={15}
            max={480}
            defaultValue={60}
            className={input}
            {...described("duration_minutes")}
          />
          {err("duration_minutes")}
        </label>
        <label className={label}>
          Places
          <input
            name="places"
            type="number"
            min={1}
            max={50}
            defaultValue={8}
            className={input}
            {...described("places")}
          />
          {err("places")}
        </label>
      </div>
      <fieldset className="space-y-2">
        <legend className={label}>How often</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={weekly} onChange={(e) => setWeekly(e.target.checked)} /> Every week
        </label>
        {weekly ? (
          <>
            <div className="flex flex-wrap gap-3">
              {isoDayLabels.map((d, i) => (
                <label key={d} className="flex items-center gap-1 text-sm">
                  <input type="checkbox" name="repeat_days" value={i + 1} /> {d}
                </label>
              ))}
            </div>
            <label className={label}>
              Number of sessions (leave empty to keep going)
              <input
                name="repeat_count"
                type="number"
                min={1}
                max={52}
                className={input}
                {...described("repeat_count")}
              />
              {err("repeat_count")}
            </label>
          </>
        ) : null}
      </fieldset>
      <label className={label}>
        Details (optional)
        <textarea name="details" rows={3} maxLength={1000} className={input} {...described("details")} />
        {err("details")}
      </label>
      <label className={label}>
        Route link (optional)
        <input
          name="route_url"
          type="url"
          placeholder="https://www.strava.com/routes/…"
          className={input}
          {...described("route_url")}
        />
        {err("route_url")}
      </label>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <label className={label}>
          Last-minute window (hours before the start)
          <input name="last_minute_hours" type="number" min={0} max={24} defaultValue={3} className={input} />
        </label>
        <label className={label}>
          Late-cancel cut-off (hours before the start)
          <input
            name="late_cancel_hours"
            type="number"
            min={0}
            max={72}
            defaultValue={12}
            className={input}
          />
        </label>
      </div>
      <button type="submit" className="btn btn-primary btn-lg w-full sm:w-auto" disabled={pending}>
        {pending ? "Posting…" : "Post session"}
      </button>
    </form>
  );
}

"use client";

import { useActionState } from "react";
import { setPlacesAction } from "@/lib/actions/sessions";

/** The host's places for this date: more are offered from the waitlist at once; never below those going. */
export function PlacesForm({ occurrenceId, places }: { occurrenceId: string; places: number }) {
  const [result, act, pending] = useActionState(setPlacesAction, null);
  return (
    <form action={act} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="occurrence" value={occurrenceId} />
      <label className="text-sm font-medium text-slate-800">
        Places
        <input
          name="places"
          type="number"
          min={1}
          max={50}
          defaultValue={places}
          className="mt-1 block w-24 rounded-md border border-slate-300 px-3 py-2"
        />
      </label>
      <button type="submit" className="btn btn-secondary btn-md" disabled={pending}>
        {pending ? "Saving…" : "Set places"}
      </button>
      {result ? (
        <p role="status" className={`w-full text-sm ${result.ok ? "text-emerald-800" : "text-red-700"}`}>
          {result.ok ? result.message : result.error}
        </p>
      ) : null}
    </form>
  );
}

"use client";

import { useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { charCount, profileLimits } from "@/lib/validation/profile";
import { FieldError, inputClasses } from "@/components/forms/form-field";

type AchievementsFieldProps = {
  value: string[];
  onChange: (next: string[]) => void;
  /** Messages by path: "achievements" for the list, "achievements.N" for an item. */
  errors: Record<string, string | undefined>;
};

const { count: maxCount, max: maxLength } = profileLimits.achievements;

/** The achievements list: type one, Add (or Enter), remove any; at most ten. */
export function AchievementsField({ value, onChange, errors }: AchievementsFieldProps) {
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string>();
  const full = value.length >= maxCount;

  function add() {
    const item = draft.trim();
    if (!item) return setDraftError("Type an achievement first");
    if (charCount(item) > maxLength)
      return setDraftError(`Keep each achievement to ${maxLength} characters or fewer`);
    if (full) return setDraftError(`Add at most ${maxCount} achievements`);
    onChange([...value, item]);
    setDraft("");
    setDraftError(undefined);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the achievement instead of submitting the whole form.
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  }

  return (
    <fieldset>
      <legend className="text-slate-700">
        Race results or milestones you are proud of (optional, up to {maxCount}).
      </legend>
      {value.length ? (
        <ul className="mt-2 space-y-2" aria-label="Your achievements">
          {value.map((item, index) => (
            <li key={`${index}-${item}`}>
              <div className="bg-sand-100 flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2">
                <span className="[overflow-wrap:anywhere] wrap-anywhere">{item}</span>
                <Button
                  variant="ghost"
                  className="shrink-0"
                  aria-label={`Remove achievement: ${item}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              </div>
              {/* Item messages come only from the server (items are checked when added): no reserved space. */}
              {errors[`achievements.${index}`] ? (
                <p className="mt-1 text-sm font-medium text-red-700">{errors[`achievements.${index}`]}</p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No achievements added yet.</p>
      )}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1">
          <label htmlFor="new-achievement" className="sr-only">
            New achievement
          </label>
          <input
            id="new-achievement"
            className={`${inputClasses} mt-0`}
            value={draft}
            disabled={full}
            placeholder={full ? "Remove one to add another" : "e.g. Noosa Tri 2024 relay finisher"}
            aria-invalid={draftError ? true : undefined}
            aria-describedby="new-achievement-error"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <Button variant="secondary" onClick={add} disabled={full}>
          Add achievement
        </Button>
      </div>
      <FieldError id="new-achievement-error" message={draftError ?? errors.achievements} />
    </fieldset>
  );
}

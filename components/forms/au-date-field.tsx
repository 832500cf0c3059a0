"use client";

import { useState } from "react";
import { FieldError, inputClasses } from "@/components/forms/form-field";
import { formatAuDate, longAuDate, parseAuDate } from "@/lib/format/au-date";

/**
 * A calendar day typed the Australian way (dd/mm/yyyy), whatever language the phone's browser is set to: a
 * native date input shows mm/dd/yyyy on a phone set to US English. The form reads the typed text from
 * `name` and turns it into YYYY-MM-DD with parseAuDate; under the field, the day it was read as, in words.
 */
export function AuDateField({
  id,
  name,
  label,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  label: string;
  /** YYYY-MM-DD, or null. */
  defaultValue: string | null;
  error?: string;
}) {
  const [text, setText] = useState(formatAuDate(defaultValue));
  const read = parseAuDate(text);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label} <span className="font-normal text-slate-600">(dd/mm/yyyy)</span>
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-read ${id}-error`}
      />
      <p id={`${id}-read`} className="mt-1 min-h-5 text-sm text-slate-600">
        {read ? longAuDate(read) : null}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { AuDateField } from "@/components/forms/au-date-field";
import { FieldError, inputClasses } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { submitAction } from "@/lib/forms/action-result";
import { roleLabels, roleOrder, type Role } from "@/lib/teams/labels";
import { parseAuDate } from "@/lib/format/au-date";
import { toastError, toastSuccess } from "@/lib/toast";
import type { ActionResult } from "@/lib/server-action/result";

const failure = "Something went wrong. Please try again.";

type Props = {
  current: { role: Role; by: string } | null;
  /** setUrgentNeedAction bound to the team: {role, by} sets, null clears. */
  action: (input: { role: string; by: string } | null) => Promise<ActionResult>;
  /** The legs that may be marked urgent: the team's open legs (a covered leg is never advertised). */
  legs?: readonly Role[];
  /** The leg chosen at first when none is urgent yet (the dashboard's "Mark urgent" on an open leg). */
  defaultRole?: Role;
};

/** The creator marks the leg the team needs by a day ("Needs a runner by 2 Nov"), or clears it. */
export function UrgentNeedForm({ current, action, legs = roleOrder, defaultRole }: Props) {
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function send(input: { role: string; by: string } | null) {
    setBusy(true);
    setErrors({});
    const result = await submitAction(() => action(input), failure);
    setBusy(false);
    if (!result.ok) {
      setErrors(result.fieldErrors ?? {});
      toastError(result.fieldErrors ? "Please check the urgent need." : (result.error ?? failure));
      return;
    }
    toastSuccess(input ? "Urgent need saved" : "Urgent need cleared");
    router.refresh();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // Typed day first (28/11/2026); what cannot be read as a day goes as typed, and the server says so.
    const typed = String(data.get("by") ?? "");
    void send({ role: String(data.get("role") ?? ""), by: parseAuDate(typed) ?? typed });
  }

  if (!current && legs.length === 0)
    return (
      <div className="space-y-2">
        <h3 className="text-ocean-950 font-bold">Urgent vacancy</h3>
        <p className="text-sm text-slate-700">
          Every leg your team asks for is covered, so there is no leg to mark urgent.
        </p>
      </div>
    );

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-ocean-950 font-bold">
        Urgent vacancy
      </h3>
      <p className="text-sm text-slate-700">
        Need someone fast? Open teams with an urgent need are listed first until the day passes.
      </p>
      <div className="grid grid-cols-1 gap-3">
        <div>
          <label htmlFor={`${id}-role`} className="block text-sm font-semibold text-slate-800">
            Leg needed
          </label>
          <select
            id={`${id}-role`}
            name="role"
            defaultValue={current?.role ?? defaultRole ?? ""}
            className={inputClasses}
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={`${id}-role-error`}
          >
            <option value="">Choose a leg…</option>
            {roleOrder
              .filter((r) => legs.includes(r) || r === current?.role)
              .map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
          </select>
          <FieldError id={`${id}-role-error`} message={errors.role} />
        </div>
        <AuDateField
          id={`${id}-by`}
          name="by"
          label="Needed by"
          defaultValue={current?.by ?? null}
          error={errors.by}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} aria-disabled={busy}>
          {busy ? "Saving..." : "Save urgent need"}
        </Button>
        {current ? (
          <Button variant="secondary" disabled={busy} onClick={() => void send(null)}>
            Clear urgent need
          </Button>
        ) : null}
      </div>
    </form>
  );
}

"use client";

import type { ReactNode } from "react";
import { Checkbox, FieldError, FieldShell, fieldAria, inputClasses } from "@/components/forms/form-field";
import { dayLabels, levelLabels, roleLabels, roleOrder, statusLabels, timeLabels } from "@/lib/teams/labels";
import { teamStatuses } from "@/lib/validation/team";

type Register = (name: never, options?: object, checkboxValue?: string) => object;
type Props = { reg: Register; errorOf: (path: string) => string | undefined; withStatus: boolean };

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={id} className="text-ocean-950 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const r = (reg: Register, name: string, options?: object, checkboxValue?: string) =>
  reg(name as never, options, checkboxValue);

/** Create team (docs/product.md#teams): the Team Information panel (and the status on edit). */
export function TeamInformation({ reg, errorOf: e, withStatus }: Props) {
  return (
    <Panel id="team-information" title="Team Information">
      <FieldShell id="name" label="Team name" error={e("name")} hint="3 to 50 characters.">
        <input className={inputClasses} {...fieldAria("name", e("name"), true)} {...r(reg, "name")} />
      </FieldShell>
      <FieldShell
        id="description"
        label="Description"
        error={e("description")}
        hint="10 to 500 characters: who you are and what you aim for."
      >
        <textarea
          rows={4}
          className={inputClasses}
          {...fieldAria("description", e("description"), true)}
          {...r(reg, "description")}
        />
      </FieldShell>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FieldShell
          id="location"
          label="Location"
          optional
          error={e("location")}
          hint="Where you train, e.g. Noosa Heads."
        >
          <input
            className={inputClasses}
            autoComplete="address-level2"
            {...fieldAria("location", e("location"), true)}
            {...r(reg, "location")}
          />
        </FieldShell>
        <FieldShell
          id="max_members"
          label="Team size"
          error={e("max_members")}
          hint="3 is one athlete per leg."
        >
          <select
            className={inputClasses}
            {...fieldAria("max_members", e("max_members"), true)}
            {...r(reg, "max_members", { valueAsNumber: true })}
          >
            {[2, 3, 4, 5, 6].map((n) => (
              <option key={n} value={n}>
                {n} members
              </option>
            ))}
          </select>
        </FieldShell>
      </div>
      {withStatus ? (
        <FieldShell
          id="status"
          label="Status"
          error={e("status")}
          hint="Open takes requests; full and closed do not."
        >
          <select className={inputClasses} {...fieldAria("status", e("status"), true)} {...r(reg, "status")}>
            {teamStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </select>
        </FieldShell>
      ) : null}
    </Panel>
  );
}

function Group({
  name,
  legend,
  values,
  labels,
  reg,
  error,
}: {
  name: string;
  legend: string;
  values: readonly string[];
  labels: Record<string, string>;
  reg: Register;
  error?: string;
}) {
  const id = `${name.replace(".", "-")}-error`;
  return (
    <fieldset aria-describedby={id}>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {values.map((v) => (
          <Checkbox key={v} label={labels[v]} {...r(reg, name, undefined, v)} />
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

/** Create team (docs/product.md#teams): the Team Requirements panel (roles, levels) and the training schedule. */
export function TeamRequirements({ reg, errorOf: e }: Omit<Props, "withStatus">) {
  const first = (path: string) => e(path) ?? e(`${path}.0`);
  return (
    <Panel id="team-requirements" title="Team Requirements">
      <Group
        name="requirements.roles"
        legend="Looking for"
        values={roleOrder}
        labels={roleLabels}
        reg={reg}
        error={first("requirements.roles")}
      />
      <Group
        name="requirements.experience_levels"
        legend="Experience level"
        values={Object.keys(levelLabels)}
        labels={levelLabels}
        reg={reg}
        error={first("requirements.experience_levels")}
      />
      <Group
        name="training_schedule.days"
        legend="Training days (optional)"
        values={Object.keys(dayLabels)}
        labels={dayLabels}
        reg={reg}
        error={first("training_schedule.days")}
      />
      <Group
        name="training_schedule.times"
        legend="Training times (optional)"
        values={Object.keys(timeLabels)}
        labels={timeLabels}
        reg={reg}
        error={first("training_schedule.times")}
      />
    </Panel>
  );
}

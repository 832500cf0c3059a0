"use client";

import type { ReactNode } from "react";
import type { z } from "zod";
import type { prefilled } from "@/lib/forms/prefill";
import {
  dayLabels,
  disciplineLabels,
  disciplines,
  experienceLabels,
  experienceLevels,
  profileSchema,
  specialties,
  specialtyLabels,
  timeLabels,
  trainingDays,
  trainingTimes,
} from "@/lib/validation/profile";
import { Checkbox, FieldError, FieldShell, fieldAria, inputClasses } from "@/components/forms/form-field";

type FormInput = z.input<typeof profileSchema>;

type SectionProps = {
  /** register() with each field's starting value in the server HTML (lib/forms/prefill.ts). */
  fields: ReturnType<typeof prefilled<FormInput>>;
  errorOf: (path: string) => string | undefined;
};

export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h2 id={id} className="text-ocean-950 text-xl font-bold">
          {title}
        </h2>
        {intro ? <p className="mt-1 text-slate-700">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** `withOptional: false` leaves out the optional field (create-profile shows it in its folded part). */
type WithOptional = SectionProps & { withOptional?: boolean };

export function AboutFields({ fields, errorOf, withOptional = true }: WithOptional) {
  const { field } = fields;
  const e = (name: string) => errorOf(name);
  return (
    <Section id="about-title" title="About you">
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell
          id="username"
          label="Username"
          error={e("username")}
          hint="3 to 50 letters, digits, _ . or -, shown to other athletes."
        >
          <input
            className={inputClasses}
            autoComplete="username"
            {...fieldAria("username", e("username"), true)}
            {...field("username")}
          />
        </FieldShell>
        <FieldShell id="full_name" label="Full name" error={e("full_name")}>
          <input
            className={inputClasses}
            autoComplete="name"
            {...fieldAria("full_name", e("full_name"))}
            {...field("full_name")}
          />
        </FieldShell>
      </div>
      <FieldShell
        id="location"
        label="Location"
        error={e("location")}
        hint="Your suburb or town, e.g. Noosaville."
      >
        <input
          className={inputClasses}
          autoComplete="address-level2"
          {...fieldAria("location", e("location"), true)}
          {...field("location")}
        />
      </FieldShell>
      {withOptional ? <BioField fields={fields} errorOf={errorOf} /> : null}
    </Section>
  );
}

export function AthleticFields({ fields, errorOf, withOptional = true }: WithOptional) {
  const { field } = fields;
  const e = (name: string) => errorOf(name);
  return (
    <Section id="athletic-title" title="Athletic information">
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell id="specialty" label="Specialty" error={e("specialty")}>
          <select
            className={inputClasses}
            {...fieldAria("specialty", e("specialty"))}
            {...field("specialty")}
          >
            <option value="">Choose your leg…</option>
            {specialties.map((s) => (
              <option key={s} value={s}>
                {specialtyLabels[s]}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id="experience_level" label="Experience level" error={e("experience_level")}>
          <select
            className={inputClasses}
            {...fieldAria("experience_level", e("experience_level"))}
            {...field("experience_level")}
          >
            <option value="">Choose your level…</option>
            {experienceLevels.map((l) => (
              <option key={l} value={l}>
                {experienceLabels[l]}
              </option>
            ))}
          </select>
        </FieldShell>
      </div>
      {withOptional ? <TrainingPreferenceField fields={fields} errorOf={errorOf} /> : null}
      <FieldShell
        id="goals"
        label="Goals"
        error={e("goals")}
        hint="What do you want from this race? 10 to 500 characters."
      >
        <textarea
          rows={3}
          className={inputClasses}
          {...fieldAria("goals", e("goals"), true)}
          {...field("goals")}
        />
      </FieldShell>
    </Section>
  );
}

export function TargetTimeFields({ fields: { field }, errorOf }: SectionProps) {
  return (
    <Section
      id="times-title"
      title="Target times"
      intro="Optional. Your goal time for each leg, e.g. 25:00 or 1:10:00."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        {disciplines.map((d) => {
          const path = `target_times.${d}` as const;
          return (
            <FieldShell
              key={d}
              id={`target-${d}`}
              label={`${disciplineLabels[d]} time`}
              error={errorOf(path)}
            >
              <input
                className={inputClasses}
                inputMode="text"
                placeholder="mm:ss"
                {...fieldAria(`target-${d}`, errorOf(path))}
                {...field(path)}
              />
            </FieldShell>
          );
        })}
      </div>
    </Section>
  );
}

export function AvailabilityFields({ fields: { checkbox }, errorOf }: SectionProps) {
  const groups = [
    {
      name: "availability.days" as const,
      legend: "Days",
      values: trainingDays,
      labels: dayLabels as Record<string, string>,
    },
    {
      name: "availability.times" as const,
      legend: "Times of day",
      values: trainingTimes,
      labels: timeLabels as Record<string, string>,
    },
  ];
  return (
    <Section id="availability-title" title="Availability" intro="Optional. When can you train with others?">
      {groups.map(({ name, legend, values, labels }) => (
        <fieldset key={name} aria-describedby={`${name}-error`}>
          <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {values.map((v) => (
              <Checkbox key={v} label={labels[v]} {...checkbox(name, v)} />
            ))}
          </div>
          <FieldError id={`${name}-error`} message={errorOf(name) ?? errorOf(`${name}.0`)} />
        </fieldset>
      ))}
    </Section>
  );
}

export function VisibilityFields({ fields: { checkbox }, errorOf }: SectionProps) {
  return (
    <Section id="visibility-title" title="Visibility">
      <div className="space-y-2">
        <Checkbox
          label={
            <>
              <strong className="font-semibold">Public profile</strong> — anyone with your link can see it,
              and you appear in Browse when looking for a team.
            </>
          }
          aria-describedby="is_public-error"
          {...checkbox("is_public")}
        />
        <FieldError id="is_public-error" message={errorOf("is_public")} />
        <Checkbox
          label={
            <>
              <strong className="font-semibold">Looking for a team</strong> — show teams and athletes that you
              are available.
            </>
          }
          aria-describedby="looking_for_team-error"
          {...checkbox("looking_for_team")}
        />
        <FieldError id="looking_for_team-error" message={errorOf("looking_for_team")} />
        <Checkbox
          label={
            <>
              <strong className="font-semibold">Open to training partners</strong> — list me under Training
              partners on Browse, for swims, rides and runs with others. Separate from looking for a team; you
              can be in a team and still tick it.
            </>
          }
          aria-describedby="open_to_training-error"
          {...checkbox("open_to_training")}
        />
        <FieldError id="open_to_training-error" message={errorOf("open_to_training")} />
      </div>
    </Section>
  );
}

export function BioField({ fields: { field }, errorOf }: SectionProps) {
  const e = (name: string) => errorOf(name);
  return (
    <FieldShell
      id="bio"
      label="Bio"
      optional
      error={e("bio")}
      hint="A few words about you as an athlete (up to 1000 characters)."
    >
      <textarea rows={4} className={inputClasses} {...fieldAria("bio", e("bio"), true)} {...field("bio")} />
    </FieldShell>
  );
}

export function TrainingPreferenceField({ fields: { field }, errorOf }: SectionProps) {
  const e = (name: string) => errorOf(name);
  return (
    <FieldShell
      id="training_preference"
      label="Training preference"
      optional
      error={e("training_preference")}
      hint="e.g. Early morning ocean swims."
    >
      <input
        className={inputClasses}
        {...fieldAria("training_preference", e("training_preference"), true)}
        {...field("training_preference")}
      />
    </FieldShell>
  );
}

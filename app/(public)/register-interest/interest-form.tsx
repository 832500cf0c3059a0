"use client";

import { useActionState } from "react";
// zod-free labels: this form ships on a static public page (JS budget).
import { roleLabels as specialtyLabels, roleOrder as specialties } from "@/lib/teams/labels";
import { registerInterestAction, type InterestResult } from "./actions";

const input =
  "mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 focus:border-ocean-700 focus:ring-2 focus:ring-ocean-700 focus:outline-none";

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/**
 * Name, e-mail and specialty. A plain form posting to the server action: no client validation library,
 * so the page stays light, and a submit before hydration still works. Typed values survive an error.
 */
export function InterestForm() {
  const [state, action, pending] = useActionState<InterestResult | null, FormData>(
    registerInterestAction,
    null,
  );
  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  const values = state && !state.ok ? state.values : undefined;

  if (state?.ok) {
    return (
      <div role="status" className="rounded-2xl border border-green-200 bg-green-50 p-6">
        <h2 className="text-xl font-bold text-green-900">Check your e-mail</h2>
        <p className="mt-2 text-slate-800">
          We sent a link to <strong className="break-all">{state.email}</strong>. Press it within 48 hours to
          confirm your details; nothing is saved until you do. No e-mail? Check your spam folder, or try again
          in an hour.
        </p>
      </div>
    );
  }

  return (
    <form
      action={action}
      noValidate
      className="space-y-5"
      aria-describedby={state?.error ? "interest-error" : undefined}
    >
      {state && !state.ok ? (
        <p
          id="interest-error"
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800"
        >
          {state.error}
        </p>
      ) : null}
      <div>
        <label htmlFor="interest-name" className="block text-sm font-medium text-slate-900">
          Name
        </label>
        <input
          id="interest-name"
          name="name"
          defaultValue={values?.name}
          autoComplete="name"
          required
          maxLength={100}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? "interest-name-error" : undefined}
          className={`${input} ${errors.name ? "border-red-600" : "border-slate-300"}`}
        />
        <FieldError id="interest-name-error" message={errors.name} />
      </div>
      <div>
        <label htmlFor="interest-email" className="block text-sm font-medium text-slate-900">
          Email
        </label>
        <input
          id="interest-email"
          name="email"
          defaultValue={values?.email}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "interest-email-error" : undefined}
          className={`${input} ${errors.email ? "border-red-600" : "border-slate-300"}`}
        />
        <FieldError id="interest-email-error" message={errors.email} />
      </div>
      <fieldset aria-describedby={errors.specialty ? "interest-specialty-error" : undefined}>
        <legend className="text-sm font-medium text-slate-900">Your specialty</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {specialties.map((s) => (
            <label
              key={s}
              className="has-checked:border-ocean-700 has-checked:bg-ocean-50 flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5"
            >
              <input
                type="radio"
                name="specialty"
                value={s}
                defaultChecked={values?.specialty === s}
                className="accent-ocean-700 size-4"
              />
              {specialtyLabels[s]}
            </label>
          ))}
        </div>
        <FieldError id="interest-specialty-error" message={errors.specialty} />
      </fieldset>
      <button
        type="submit"
        disabled={pending}
        className="bg-sunset-700 hover:bg-sunset-600 w-full rounded-lg px-4 py-3 font-semibold text-white disabled:cursor-wait disabled:opacity-80 sm:w-auto"
      >
        {pending ? "Registering..." : "Register Interest"}
      </button>
    </form>
  );
}

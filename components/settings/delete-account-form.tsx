"use client";

import { useActionState } from "react";
import { deleteMyAccountAction } from "@/lib/actions/account";
import { deleteConfirmWord } from "@/lib/validation/account";

/** Type DELETE, press the button. A form action (works before hydration); what was typed survives an error. */
export function DeleteAccountForm() {
  const [state, action, pending] = useActionState(deleteMyAccountAction, null);
  const fieldError = state?.fieldErrors?.confirm;
  return (
    <form action={action} noValidate className="space-y-4">
      {state && !fieldError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          {state.error}
        </p>
      ) : null}
      <div>
        <label htmlFor="delete-confirm" className="block text-sm font-medium text-slate-900">
          Type {deleteConfirmWord} to confirm
        </label>
        <input
          id="delete-confirm"
          name="confirm"
          defaultValue={state?.value}
          key={state ? "after" : "before"}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={100}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "delete-confirm-error" : undefined}
          className={`focus:border-ocean-700 focus:ring-ocean-700 mt-1 block w-full max-w-xs rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 focus:ring-2 focus:outline-none ${fieldError ? "border-red-600" : "border-slate-300"}`}
        />
        {fieldError ? (
          <p id="delete-confirm-error" role="alert" className="mt-1 text-sm text-red-700">
            {fieldError}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={pending}
        className="inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-70"
      >
        {pending ? "Deleting..." : "Delete my account"}
      </button>
    </form>
  );
}

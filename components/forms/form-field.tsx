import type { ComponentProps, ReactNode } from "react";

export const inputClasses =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-ocean-600 focus:ring-2 focus:ring-ocean-600/30 focus:outline-none aria-[invalid=true]:border-red-600";

type FieldShellProps = {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  children: ReactNode;
};

/** Label, control, hint and the field's message; the control gets its ids from `fieldAria`. */
export function FieldShell({ id, label, error, hint, optional, children }: FieldShellProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The field's message, announced politely as it appears while the user types. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} aria-live="polite" className="mt-1 min-h-5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** aria attributes tying a control to its hint and message. */
export function fieldAria(id: string, error?: string, hint?: boolean) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" "),
  } as const;
}

type CheckboxProps = ComponentProps<"input"> & { label: ReactNode };

/** A checkbox with its label as one large click target. */
export function Checkbox({ label, className = "", ...rest }: CheckboxProps) {
  return (
    <label
      className={`hover:bg-ocean-50 has-[:checked]:border-ocean-600 has-[:checked]:bg-ocean-50 flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-slate-800 ${className}`}
    >
      <input type="checkbox" className="accent-ocean-700 size-5" {...rest} />
      <span>{label}</span>
    </label>
  );
}

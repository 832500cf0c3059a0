import type { ComponentProps, ReactNode } from "react";

/** Dark-theme controls shared by every auth form (docs/product.md#auth: "dark theme"). Contrast ≥ 4.5:1 throughout. */

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
};

export function TextField({ id, label, error, hint, className = "", ...input }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-100">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-300">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`bg-ocean-900 focus:border-sunset-400 focus:ring-sunset-400 mt-1 block w-full rounded-lg border px-3 py-2.5 text-base text-white placeholder:text-slate-400 focus:ring-2 focus:outline-none ${
          error ? "border-red-400" : "border-ocean-600"
        }`}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className="bg-sunset-600 flex w-full items-center justify-center rounded-lg px-4 py-2.5 text-base font-semibold text-white hover:bg-orange-800 disabled:cursor-wait disabled:opacity-80"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** Server errors (spec: "Server errors show in a danger box"). role=alert so screen readers hear them at once. */
export function DangerBox({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-400 bg-red-950 px-4 py-3 text-sm text-red-100">
      {children}
    </div>
  );
}

/** Confirmations ("Check your email for …"): polite live region, not an alert. */
export function SuccessBox({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-400 bg-emerald-950 px-4 py-3 text-sm text-emerald-100"
    >
      {children}
    </div>
  );
}

/** The dark panel every auth screen sits in. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bg-ocean-950 min-h-[60vh] px-4 py-10 sm:py-16">
      <div className="border-ocean-800 bg-ocean-900/60 mx-auto w-full max-w-md rounded-2xl border p-6 text-slate-100 shadow-xl sm:p-8">
        <h1 className="text-2xl font-bold text-white">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-slate-300">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

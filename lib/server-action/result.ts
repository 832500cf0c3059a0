import type { z } from "zod";

/**
 * Why an action failed, where the caller acts on it (sends a visitor to sign up, a new athlete to create a
 * profile, keeps a draft for a retry). A failure without a code is shown as it is.
 */
export type ActionCode =
  | "UNAUTHENTICATED"
  | "PROFILE_NOT_FOUND"
  | "SUSPENDED"
  | "RATE"
  | "BLOCKED"
  | "UNAVAILABLE"
  | "SELF"
  | "NOT_MEMBER"
  | "FORBIDDEN"
  /** Already another account's (a browser's push endpoint): the caller starts afresh. */
  | "TAKEN";

export type ActionFailure = {
  ok: false;
  /** Shown above the form or in a toast; absent when the field messages say it all. */
  error?: string;
  code?: ActionCode;
  /** The first message per field path ("requirements.roles"), as the forms show them under each input. */
  fieldErrors?: Record<string, string>;
};

/**
 * What every server action answers: expected failures are results, never thrown. `X` is what a failure
 * also carries back to its form (the values typed, so React's form reset does not lose them).
 */
export type ActionResult<T extends object = object, X extends object = object> =
  ({ ok: true } & T) | (ActionFailure & X);

/** The first message per field, in the shape the forms show under each input; messages outside a field under "form". */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "form";
    out[key] ??= issue.message;
  }
  return out;
}

/** The first issue's message: what a form-less action shows for input it refuses. */
export const firstIssue = (error: z.ZodError): string | undefined => error.issues[0]?.message;

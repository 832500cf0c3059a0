import type { z } from "zod";

/** What every auth server action returns: expected failures are results, bugs throw. */
export type ActionResult<T extends object = object> =
  ({ ok: true } & T) | { ok: false; error?: string; fieldErrors?: Record<string, string> };

/** The first message per field, in the shape the forms show under each input. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

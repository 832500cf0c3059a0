import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";

/** What a thrown call becomes: no field messages and no code, only the caller's failure message. */
type Failure = { ok: false; error: string; code?: undefined; fieldErrors?: undefined };

/**
 * Runs a form's server action. A lost connection or a server that throws becomes an ordinary failure with
 * the form's own message, so every form has one path for "it did not work".
 */
export async function submitAction<R extends { ok: boolean }>(
  run: () => Promise<R>,
  failure: string,
): Promise<R | Failure> {
  try {
    return await run();
  } catch {
    return { ok: false, error: failure };
  }
}

/**
 * Puts the server's field messages under their react-hook-form fields (the first one focused); "form" is a
 * message about the whole form and goes to `root.server`.
 */
export function showServerFieldErrors<T extends FieldValues>(
  fieldErrors: Record<string, string> | undefined,
  setError: UseFormSetError<T>,
) {
  for (const [path, message] of Object.entries(fieldErrors ?? {})) {
    if (path === "form") setError("root.server", { message });
    else setError(path as FieldPath<T>, { type: "server", message }, { shouldFocus: true });
  }
}

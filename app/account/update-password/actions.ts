"use server";

import { type ActionResult, fieldErrorsOf } from "@/lib/auth/action-result";
import { authErrorMessage } from "@/lib/auth/auth-errors";
import { getClaims } from "@/lib/auth/session";
import { createClient } from "@/lib/supabase/server";
import { updatePasswordSchema } from "@/lib/validation/auth";

/** The standalone password page: updates the signed-in user's password and keeps them signed in. */
export async function updateAccountPasswordAction(input: unknown): Promise<ActionResult> {
  const parsed = updatePasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  if (!(await getClaims())) return { ok: false, error: "Your session has expired. Please sign in again." };
  const supabase = await createClient();
  const { error } = await supabase.auth.updateUser({ password: parsed.data.password });
  if (error) {
    console.warn("auth action failed", {
      action: "account.updatePassword",
      code: error.code,
      status: error.status,
    });
    return { ok: false, error: authErrorMessage(error, "update_password") };
  }
  return { ok: true };
}

"use server";

import { confirmInterest } from "@/lib/data/interest";
import { withServiceRole } from "@/lib/db";
import { verifyInterestToken } from "@/lib/notifications/interest-token";
import type { Specialty } from "@/lib/labels";

export type ConfirmResult =
  | { state: "confirmed"; name: string; specialty: Specialty }
  | { state: "expired" }
  | { state: "invalid" }
  | { state: "error" };

/**
 * The press on the confirmation page: a genuine link's request becomes (or replaces) the registration of its
 * address, with the details typed when it was made. Pressing again answers "confirmed" again and changes
 * nothing. Only the server may run private.confirm_interest (service_role).
 */
export async function confirmInterestAction(
  _previous: ConfirmResult | null,
  form: FormData,
): Promise<ConfirmResult> {
  const requestId = verifyInterestToken(form.get("token"));
  if (!requestId) return { state: "invalid" };
  try {
    const result = await withServiceRole((tx) => confirmInterest(tx, requestId));
    return result.status === "confirmed"
      ? { state: "confirmed", name: result.name, specialty: result.specialty }
      : { state: "expired" };
  } catch (error) {
    console.error("interest.confirm failed", { code: (error as { code?: string }).code });
    return { state: "error" };
  }
}

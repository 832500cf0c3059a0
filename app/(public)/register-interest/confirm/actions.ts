"use server";

import { z } from "zod";
import { formAction } from "@/lib/server-action/define-action";
import { confirmInterest } from "@/lib/data/interest";
import { withServiceRole } from "@/lib/db";
import { verifyInterestToken } from "@/lib/notifications/interest-token";

// A link whose signature does not hold: refused as bad input, under its (hidden) field.
const link = z.strictObject({
  token: z.unknown().transform((token, ctx) => {
    const requestId = verifyInterestToken(token);
    if (requestId) return requestId;
    ctx.addIssue({ code: "custom", message: "This link does not work" });
    return z.NEVER;
  }),
});

/**
 * The press on the confirmation page: a genuine link's request becomes (or replaces) the registration of its
 * address, with the details typed when it was made. Pressing again answers "confirmed" again and changes
 * nothing. Only the server may run private.confirm_interest (service_role).
 */
export const confirmInterestAction = formAction(
  {
    name: "interest.confirm",
    session: "none",
    fallback: "Sorry, we couldn't confirm that just now. Please try again.",
    read: (form) => ({ token: form.get("token") }),
    input: { schema: link, fields: true },
  },
  async (_ctx, { token }) => {
    const result = await withServiceRole((tx) => confirmInterest(tx, token));
    return result.status === "confirmed"
      ? ({ ok: true, state: "confirmed", name: result.name, specialty: result.specialty } as const)
      : ({ ok: true, state: "expired" } as const);
  },
);

export type ConfirmResult = Awaited<ReturnType<typeof confirmInterestAction>>;

"use server";

import { createHash } from "node:crypto";
import { headers } from "next/headers";
import { clientIp } from "@/lib/auth/client-ip";
import { isRateLimited, requestInterest } from "@/lib/data/interest";
import { withServiceRole } from "@/lib/db";
import { interestSchema, type InterestInput, type InterestResult } from "@/lib/validation/interest";

const failure = "Sorry, we couldn't save your details. Please try again.";
const tooMany = "Too many attempts. Please wait a few minutes and try again.";

/**
 * A hash of the caller's address (lib/auth/client-ip.ts: only a trusted proxy's word counts): enough to
 * rate-limit, never stored in the clear. With no trusted address every caller shares one key, so the limit
 * still stops a flood (site-wide) rather than letting each made-up address write.
 */
async function clientKey(): Promise<string> {
  const ip = clientIp(await headers()) ?? "unknown";
  return createHash("sha256").update(ip).digest("hex").slice(0, 32);
}

/**
 * Asks for a registration of interest (double opt-in, docs/security.md#register-interest): private.request_interest stores a
 * request and queues one confirmation e-mail; the entry counts only once its owner presses the link. The
 * function is the server's alone (service_role), as the notification worker's are. The answer is the same
 * whether a mail was queued now or earlier this hour, so it tells nobody whose address is registered.
 * Called by the form with useActionState, so it also works before hydration.
 */
export async function registerInterest(
  _previous: InterestResult | null,
  form: FormData,
): Promise<InterestResult> {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.slice(0, 1000) : "";
  };
  const values = { name: text("name"), email: text("email"), specialty: text("specialty") };
  const parsed = interestSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<keyof InterestInput, string>> = {};
    for (const issue of parsed.error.issues)
      fieldErrors[issue.path[0] as keyof InterestInput] ??= issue.message;
    return { ok: false, error: "Please check the highlighted fields.", fieldErrors, values };
  }
  try {
    const client = await clientKey();
    await withServiceRole((tx) => requestInterest(tx, parsed.data, client));
    return { ok: true, email: parsed.data.email };
  } catch (error) {
    if (isRateLimited(error)) return { ok: false, error: tooMany, values };
    console.error("interest.register failed", { code: (error as { code?: string }).code });
    return { ok: false, error: failure, values };
  }
}

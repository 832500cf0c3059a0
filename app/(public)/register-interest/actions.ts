"use server";

import { createHash } from "node:crypto";
import { headers } from "next/headers";
import { formAction } from "@/lib/server-action/define-action";
import { clientIp } from "@/lib/http/client-ip";
import { requestInterest } from "@/lib/data/interest";
import { withServiceRole } from "@/lib/db";
import { interestSchema, type InterestInput } from "@/lib/validation/interest";

/**
 * A hash of the caller's address (lib/http/client-ip.ts: only a trusted proxy's word counts): enough to
 * rate-limit, never stored in the clear. With no trusted address every caller shares one key, so the limit
 * still stops a flood (site-wide) rather than letting each made-up address write.
 */
async function clientKey(): Promise<string> {
  const ip = clientIp(await headers()) ?? "unknown";
  return createHash("sha256").update(ip).digest("hex").slice(0, 32);
}

/** The fields as typed (capped), also given back with a failure so the form shows them again. */
const typed = (form: FormData): Record<keyof InterestInput, string> => {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.slice(0, 1000) : "";
  };
  return { name: text("name"), email: text("email"), specialty: text("specialty") };
};

/**
 * Asks for a registration of interest (double opt-in, docs/security.md#register-interest): private.request_interest stores a request and
 * queues one confirmation e-mail; the entry counts only once its owner presses the link. The function is
 * the server's alone (service_role), as the notification worker's are. The answer is the same whether a
 * mail was queued now or earlier this hour, so it tells nobody whose address is registered. Public, and
 * called by the form with useActionState, so it also works before hydration.
 */
export const registerInterestAction = formAction(
  {
    name: "interest.register",
    session: "none",
    fallback: "Sorry, we couldn't save your details. Please try again.",
    read: typed,
    input: { schema: interestSchema, error: "Please check the highlighted fields.", fields: true },
    echo: (values) => ({ values: values as Record<keyof InterestInput, string> }),
    errors: [
      {
        when: { code: "P0429" },
        fail: { error: "Too many attempts. Please wait a few minutes and try again." },
      },
    ],
  },
  async (_ctx, interest) => {
    const client = await clientKey();
    await withServiceRole((tx) => requestInterest(tx, interest, client));
    return { ok: true, email: interest.email } as const;
  },
);

export type InterestResult = Awaited<ReturnType<typeof registerInterestAction>>;

import "server-only";
import type { Tx } from "@/lib/db";
import type { Specialty } from "@/lib/labels";
import type { InterestInput } from "@/lib/validation/interest";

/**
 * Asks for a registration of interest (double opt-in) through private.request_interest: 'sent' when a
 * confirmation e-mail is queued, 'pending' when the address already got one this hour (nothing changes).
 * Run as service_role (withServiceRole): the function is not callable by visitors. `client` is an opaque
 * key of the caller for the rate limit. Throws P0429 when over a limit.
 */
export async function requestInterest(
  tx: Tx,
  input: InterestInput,
  client: string,
): Promise<"sent" | "pending"> {
  const [row] = await tx<{ status: "sent" | "pending" }[]>`
    select private.request_interest(${input.name}, ${input.email}, ${input.specialty}, ${client}) as status`;
  return row!.status;
}

export type Confirmation =
  | { status: "confirmed"; name: string; specialty: Specialty }
  | { status: "expired"; name: null; specialty: null };

/** Confirms a request from its e-mail link (signature already checked); idempotent. Service role only. */
export async function confirmInterest(tx: Tx, requestId: string): Promise<Confirmation> {
  const [row] = await tx<Confirmation[]>`
    select status, name, specialty from private.confirm_interest(${requestId}::uuid)`;
  return row!;
}

export const isRateLimited = (error: unknown) => (error as { code?: string } | null)?.code === "P0429";

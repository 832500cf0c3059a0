import "server-only";
import type { Tx } from "@/lib/db";
import type { InterestInput } from "@/lib/validation/interest";

/**
 * Saves (or, for a known e-mail, updates) a registration of interest through public.register_interest.
 * `client` is an opaque key of the caller for the rate limit. Throws P0429 when over the limit.
 */
export async function saveInterest(
  tx: Tx,
  input: InterestInput,
  client: string,
): Promise<"created" | "updated"> {
  const [row] = await tx<{ status: "created" | "updated" }[]>`
    select public.register_interest(${input.name}, ${input.email}, ${input.specialty}, ${client}) as status`;
  return row!.status;
}

export const isRateLimited = (error: unknown) => (error as { code?: string } | null)?.code === "P0429";

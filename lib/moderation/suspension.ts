import { site } from "@/lib/site";

/**
 * What a suspended athlete reads when a write is refused. The refusal itself happens in SQL (the
 * refuse_suspended trigger of supabase/schema.sql raises
 * errcode 42501 with detail ACCOUNT_SUSPENDED on every table); actions only put it into words.
 */
export const suspendedMessage = `Your account is suspended, so you can't send messages or make changes. If you think this is a mistake, write to ${site.contactEmail}.`;

/** The text sign-in shows for a suspended account. */
export const suspendedSignInMessage = `This account is suspended. If you think this is a mistake, write to ${site.contactEmail}.`;

export function isSuspendedError(error: unknown): boolean {
  const e = error as { code?: string; detail?: string } | null;
  return e?.code === "42501" && e.detail === "ACCOUNT_SUSPENDED";
}

/** Why a profile a moderator hid cannot be made public again (a trigger refuses it in SQL). */
export const hiddenProfileMessage = `A moderator has hidden your profile, so it can't be public. Write to ${site.contactEmail} to ask about it.`;

import { authViewHref } from "@/lib/auth/auth-views";
import { specialties, type Specialty } from "@/lib/labels";

/**
 * What a visitor asked for before signing in (docs/product.md#auth), as a same-site path that travels as `next` through
 * sign-in, sign-up, the e-mail link (it is part of the link, so it works in another browser too), the magic
 * link and create-profile. It only ever says where to go: the page it leads to asks once more before
 * anything is sent, and the server checks everything again.
 *
 * Only the helpers here make an `IntentPath`: a path of this site by construction (fixed prefixes, each
 * id encoded). So sign-up and create-profile links are built from one without checking it again in the
 * browser (that check is code on every page with a card, docs/performance.md#page-weight); where `next` is read back, the auth
 * and create-profile pages still check it (lib/auth/safe-next.ts).
 */
export type IntentPath = string & { readonly intent: unique symbol };

export { joinIntentPath } from "./join-path";

/** The leg asked for in a join intent's `as`, if it is one. */
export function intentRole(value: unknown): Specialty | null {
  return (specialties as readonly unknown[]).includes(value) ? (value as Specialty) : null;
}

/** The confirm step of starting a conversation with an athlete. */
export function messageIntentPath(profileId: string): IntentPath {
  return `/messages/start/${encodeURIComponent(profileId)}` as IntentPath;
}

/** Sign-up (a new visitor is the common case here; the form links to sign-in), then `next`. */
export function signUpThen(next: IntentPath): string {
  return authViewHref("sign_up", next);
}

/** Create-profile, then `next` (itself an intent: sign-up can lead to it). */
export function createProfileThen(next: IntentPath): IntentPath {
  return `/create-profile?next=${encodeURIComponent(next)}` as IntentPath;
}

/** The team and leg of a join intent, also when it waits inside create-profile's `next`; else null. */
export function parseJoinIntent(
  next: string | null | undefined,
): { teamId: string; role: Specialty | null } | null {
  if (!next) return null;
  let url: URL;
  try {
    url = new URL(next, "http://intent.invalid");
  } catch {
    return null;
  }
  if (url.pathname === "/create-profile") return parseJoinIntent(url.searchParams.get("next"));
  const match = /^\/teams\/([^/]+)\/join$/.exec(url.pathname);
  if (!match) return null;
  return { teamId: decodeURIComponent(match[1]!), role: intentRole(url.searchParams.get("as")) };
}

/**
 * Where a brand-new account goes once its e-mail is confirmed: a remembered join or message needs a profile
 * first, and a new account never has one, so it goes through create-profile without a detour.
 */
export function afterSignUp(next: string): string {
  const intent = /^\/(teams\/[^/?]+\/join|messages\/start\/[^/?]+)(\?|$)/.test(next);
  return intent ? createProfileThen(next as IntentPath) : next;
}

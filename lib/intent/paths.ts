import { authViewHref } from "@/lib/auth/auth-views";
import { safeNext } from "@/lib/auth/safe-next";
import { specialties, type Specialty } from "@/lib/labels";

/**
 * What a visitor asked for before signing in (issue 20), as a same-site path that travels as `next` through
 * sign-in, sign-up, the e-mail link (it is part of the link, so it works in another browser too), the magic
 * link and create-profile. It only ever says where to go: the page it leads to asks once more before
 * anything is sent, and the server checks everything again.
 */

/** The confirm step of a join request: "Send your request to … as a runner?". */
export function joinIntentPath(teamId: string, role?: string | null): string {
  const leg = (specialties as readonly string[]).includes(role ?? "") ? `?as=${role}` : "";
  return `/teams/${encodeURIComponent(teamId)}/join${leg}`;
}

/** The leg asked for in a join intent's `as`, if it is one. */
export function intentRole(value: unknown): Specialty | null {
  return (specialties as readonly unknown[]).includes(value) ? (value as Specialty) : null;
}

/** The confirm step of starting a conversation with an athlete. */
export function messageIntentPath(profileId: string): string {
  return `/messages/start/${encodeURIComponent(profileId)}`;
}

/** Sign-up (a new visitor is the common case here; the form links to sign-in), then `next`. */
export function signUpThen(next: string): string {
  return authViewHref("sign_up", safeNext(next));
}

/** Create-profile, then `next`. */
export function createProfileThen(next: string): string {
  const target = safeNext(next, "");
  return target ? `/create-profile?next=${encodeURIComponent(target)}` : "/create-profile";
}

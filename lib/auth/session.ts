import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { sessionIsLive, type Claims } from "@/lib/db";
import { createClient } from "@/lib/supabase/server";
import { signingKeys } from "@/lib/supabase/signing-keys";
import { rememberedClaims, verifiedClaims } from "@/lib/supabase/verified-claims";

/**
 * Verified claims of the signed-in user, or null for a visitor. The JWT's signature is checked (or Auth
 * asked), unlike `getSession()` alone, which only decodes the cookie. Cached per request.
 *
 * A token verifies offline for up to an hour after its session ended (sign-out, sign-out everywhere), so
 * these claims may belong to an ended session: public pages read as a visitor then (withRls). Whatever
 * needs the account asks `getLiveClaims` or `requireUser`.
 */
export const getClaims = cache(async (): Promise<Claims | null> => {
  // With the process's own copy of Auth's keys, a valid session is verified even while Auth is down;
  // a token the proxy already verified with those keys is not verified twice, and a session it read
  // is not read again through a new client (verified-claims.ts).
  const jwks = await signingKeys();
  const remembered = rememberedClaims((await cookies()).getAll(), jwks);
  return remembered ?? verifiedClaims((await createClient()).auth, jwks);
});

/**
 * The claims of a session that has not ended, or null: signed out, or a cookie kept from before a
 * sign-out. One question to the database per request (cached).
 */
export const getLiveClaims = cache(async (): Promise<Claims | null> => {
  const claims = await getClaims();
  return claims && (await sessionIsLive(claims)) ? claims : null;
});

/**
 * The signed-in user, or a redirect to /auth (with `next` so sign-in returns here). An ended session is
 * signed out here, rather than rendering the page over the permission errors its reads would meet.
 */
export async function requireUser(next?: string): Promise<SignedIn> {
  const claims = await getLiveClaims();
  if (!claims) signInAgain(next);
  return signedIn(claims);
}

type SignedIn = { id: string; email: string; claims: Claims };
const signedIn = (claims: Claims): SignedIn => ({
  id: claims.sub,
  email: typeof claims.email === "string" ? claims.email : "",
  claims,
});

/**
 * requireUser for a page whose own withRls transaction asks whether the session is live (ranAsUser, in
 * the same round trip as its reads) instead of a separate question first: verified claims or a redirect
 * here, and the page calls signInAgain when its transaction ran as a visitor.
 */
export async function requireSignedIn(next: string): Promise<SignedIn> {
  const claims = await getClaims();
  if (claims?.role !== "authenticated") signInAgain(next);
  return signedIn(claims);
}

/** The redirect to /auth (with `next` so sign-in returns here) for a visitor or an ended session. */
export function signInAgain(next?: string): never {
  redirect(next ? `/auth?next=${encodeURIComponent(next)}` : "/auth");
}

/**
 * Only whether there are verified claims, with no database question: the protected layout's gate, which
 * cannot name the page for `next`. Each page's own `requireUser(next)` then checks the session is live.
 */
export async function requireClaims(): Promise<void> {
  if (!(await getClaims())) redirect("/auth");
}

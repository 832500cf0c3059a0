import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { Claims } from "@/lib/db";
import { createClient } from "@/lib/supabase/server";
import { signingKeys } from "@/lib/supabase/signing-keys";
import { rememberedClaims, verifiedClaims } from "@/lib/supabase/verified-claims";

/**
 * Verified claims of the signed-in user, or null for a visitor. The JWT's signature is checked (or Auth
 * asked), unlike `getSession()` alone, which only decodes the cookie. Cached per request.
 */
export const getClaims = cache(async (): Promise<Claims | null> => {
  // With the process's own copy of Auth's keys, a valid session is verified even while Auth is down;
  // a token the proxy already verified with those keys is not verified twice, and a session it read
  // is not read again through a new client (verified-claims.ts).
  const jwks = await signingKeys();
  const remembered = rememberedClaims((await cookies()).getAll(), jwks);
  return remembered ?? verifiedClaims((await createClient()).auth, jwks);
});

/** The signed-in user, or a redirect to /auth (with `next` so sign-in returns here). */
export async function requireUser(next?: string): Promise<{ id: string; email: string; claims: Claims }> {
  const claims = await getClaims();
  if (!claims) redirect(next ? `/auth?next=${encodeURIComponent(next)}` : "/auth");
  return { id: claims.sub, email: typeof claims.email === "string" ? claims.email : "", claims };
}

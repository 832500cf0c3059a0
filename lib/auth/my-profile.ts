import "server-only";
import { cache } from "react";
import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { findProfileByAuthId, type Profile } from "@/lib/data/profiles";

/** The signed-in user's own profile (null for a visitor or an account without one). Cached per request. */
export const getMyProfile = cache(async (): Promise<Profile | null> => {
  const claims = await getClaims();
  if (!claims) return null;
  return withRls(claims, (tx) => findProfileByAuthId(tx, claims.sub));
});

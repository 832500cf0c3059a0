import "server-only";
import { createClient } from "@supabase/supabase-js";
import { publicEnv } from "@/lib/env";

/**
 * Supabase Auth's admin API, with the server-only secret key (`SUPABASE_SECRET_KEY`, sb_secret_…; the
 * local stand-in gives the command one per start). Only `.auth.admin` leaves this module, so the key never
 * meets a database query, and nothing is kept between requests (no session, no refresh).
 */
function adminAuth() {
  const key = process.env.SUPABASE_SECRET_KEY;
  if (!key) throw new Error("SUPABASE_SECRET_KEY is not set: accounts cannot be deleted. See .env.example.");
  return createClient(publicEnv.NEXT_PUBLIC_SUPABASE_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  }).auth.admin;
}

/** Removes the Auth user (its sessions and identities go with it). An unknown user counts as removed. */
export async function deleteAuthUser(id: string): Promise<void> {
  const { error } = await adminAuth().deleteUser(id);
  if (error && error.status !== 404) throw error;
}

import "server-only";
import { createClient } from "@supabase/supabase-js";
// Relative, with its extension: scripts/demo-photos.ts reaches this file under plain Node, without the "@/" alias.
import { publicEnv } from "../env.ts";

/**
 * Supabase's admin APIs, with the server-only secret key (`SUPABASE_SECRET_KEY`, sb_secret_…; the local
 * stand-in gives the command one per start). Only the two calls below leave this module, so the key never
 * meets a database query, and nothing is kept between requests (no session, no refresh).
 */
function adminClient() {
  const key = process.env.SUPABASE_SECRET_KEY;
  if (!key) throw new Error("SUPABASE_SECRET_KEY is not set: see .env.example.");
  return createClient(publicEnv.NEXT_PUBLIC_SUPABASE_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** Removes the Auth user (its sessions and identities go with it). An unknown user counts as removed. */
export async function deleteAuthUser(id: string): Promise<void> {
  const { error } = await adminClient().auth.admin.deleteUser(id);
  if (error && error.status !== 404) throw error;
}

/**
 * Removes objects of a bucket by name, past its policies: only for names the database has just decided on
 * under its own rules (a moderator's removal of a reported photo, public.moderate_remove_photo, whose
 * original only its athlete may read, so a moderator's own session could not remove it). A name already
 * gone is no error.
 */
export async function removeObjectsAsService(bucket: string, names: readonly string[]): Promise<void> {
  if (!names.length) return;
  const { error } = await adminClient().storage.from(bucket).remove([...names]);
  if (error) throw error;
}

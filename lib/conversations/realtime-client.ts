import type { SupabaseClient } from "@supabase/supabase-js";
import { createClient } from "@/lib/supabase/client";

/**
 * The browser's Supabase client with the session's token already handed to Realtime. A channel joined
 * before supabase-js has read the session cookie joins as `anon`, and RLS then (rightly) delivers it
 * nothing; so every messaging channel is joined only after this resolves.
 */
export async function realtimeClient(): Promise<SupabaseClient> {
  const supabase = createClient();
  const { data } = await supabase.auth.getSession();
  if (data.session) await supabase.realtime.setAuth(data.session.access_token);
  return supabase;
}

import { createBrowserClient } from "@supabase/ssr";
import { supabasePublishableKey, supabaseUrl } from "@/lib/public-env";

/** Supabase client for Client Components (a singleton in the browser, per @supabase/ssr). */
export function createClient() {
  return createBrowserClient(supabaseUrl, supabasePublishableKey);
}

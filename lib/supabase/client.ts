import { createBrowserClient } from "@supabase/ssr";
import { supabasePublishableKey, supabaseUrl } from "@/lib/public-env";
import { sessionCookieOptions } from "./cookie-options";

/** Supabase client for Client Components (a singleton in the browser, per @supabase/ssr). */
export function createClient() {
  return createBrowserClient(supabaseUrl, supabasePublishableKey, {
    cookieOptions: sessionCookieOptions(globalThis.location?.protocol === "https:"),
  });
}

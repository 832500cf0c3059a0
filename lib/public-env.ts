/**
 * Public settings that client code needs, without zod: this module ships in every page's bundle.
 * `lib/env.ts` validates the same values on the server (and at build, from next.config.ts).
 */

/** The local Supabase stand-in (packages/supabase-local), used when no Supabase project is configured. */
export const localStack = {
  supabaseUrl: "http://127.0.0.1:54321",
  publishableKey: "sb_publishable_local_development_key",
  databaseUrl: "postgres://noosa_app:local-noosa-app@127.0.0.1:54322/postgres",
} as const;

// Read by their literal names so Next inlines them into client bundles.
export const supabaseUrl = process.env.NEXT_PUBLIC_SUPABASE_URL || localStack.supabaseUrl;
export const supabasePublishableKey =
  process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY || localStack.publishableKey;

/** Name of @supabase/ssr's session cookie: `sb-<first label of the project host>-auth-token`. */
export const sessionCookieName = `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;

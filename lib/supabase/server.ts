import "server-only";
import { createServerClient, type CookieMethodsServer } from "@supabase/ssr";
import { cookies, headers } from "next/headers";
import { clientIp } from "@/lib/http/client-ip";
import { publicEnv } from "@/lib/env";
import { isHttps, sessionCookieOptions } from "./cookie-options";
import { visitorAuthClient } from "./auth-client";

async function cookieMethods(): Promise<CookieMethodsServer> {
  const cookieStore = await cookies();
  return {
    getAll() {
      return cookieStore.getAll();
    },
    setAll(cookiesToSet) {
      try {
        for (const { name, value, options } of cookiesToSet) cookieStore.set(name, value, options);
      } catch {
        // Server Components cannot set cookies; the proxy refreshes the session on the next request.
      }
    },
  };
}

/**
 * Supabase client for Server Components, Server Actions and Route Handlers. A new one per request:
 * the session lives in this request's cookies, so a module-level client would mix users.
 */
export async function createClient() {
  const requestHeaders = await headers();
  return createServerClient(
    publicEnv.NEXT_PUBLIC_SUPABASE_URL,
    publicEnv.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY,
    { cookies: await cookieMethods(), cookieOptions: sessionCookieOptions(isHttps(requestHeaders)) },
  );
}

/**
 * Supabase Auth for the auth server actions (sign-in, sign-up, e-mail links, codes, password change).
 * They run on the app server, so Auth would see every visitor as the server's one address; this client
 * names the visitor (./auth-client.ts).
 */
export async function createAuthClient() {
  const requestHeaders = await headers();
  return visitorAuthClient(await cookieMethods(), {
    ip: clientIp(requestHeaders),
    https: isHttps(requestHeaders),
  });
}

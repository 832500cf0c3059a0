import type { JWK } from "@supabase/supabase-js";
import { publicEnv } from "@/lib/env";

/**
 * Auth's public signing keys (JWKS), kept by this server process so that verifying a session never
 * depends on Auth answering: supabase-js caches them for 10 minutes and then asks again, and with Auth
 * down or slow every signed-in page would fail or wait with it (docs/performance.md#faults). Here the last good set stays in
 * use until a refresh succeeds; a refresh runs in the background and never holds up a request, except the
 * very first one. Keys rotate rarely, and a token signed by a key this set lacks makes supabase-js fetch it.
 */
const FRESH_MS = 10 * 60_000;
const FETCH_TIMEOUT_MS = 5_000;

type KeySet = { keys: JWK[] };
let known: { set: KeySet; at: number } | null = null;
let refreshing: Promise<void> | null = null;

async function fetchKeys(): Promise<KeySet> {
  const response = await fetch(`${publicEnv.NEXT_PUBLIC_SUPABASE_URL}/auth/v1/.well-known/jwks.json`, {
    headers: { apikey: publicEnv.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
  const body = (await response.json()) as Partial<KeySet>;
  if (!Array.isArray(body.keys) || body.keys.length === 0) throw new Error("JWKS has no keys");
  return { keys: body.keys };
}

function refresh(): Promise<void> {
  refreshing ??= fetchKeys()
    .then((set) => void (known = { set, at: Date.now() }))
    .catch((error: unknown) => {
      console.warn("auth: signing keys not refreshed, keeping the last good set", {
        message: (error as Error).message,
      });
    })
    .finally(() => (refreshing = null));
  return refreshing;
}

/** The key set to hand `getClaims(undefined, { jwks })`, or undefined (supabase-js then asks Auth itself). */
export async function signingKeys(): Promise<KeySet | undefined> {
  if (!known) await refresh();
  else if (Date.now() - known.at > FRESH_MS) void refresh();
  return known?.set;
}

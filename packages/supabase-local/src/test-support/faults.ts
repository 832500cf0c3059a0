/** Fault switches of the local stack (--test only, service_role key), for resilience tests. */
function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run inside the local stack (--test)`);
  return value;
}

async function post(path: string, body: Record<string, unknown> = {}) {
  const res = await fetch(`${env("NEXT_PUBLIC_SUPABASE_URL")}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${env("LOCAL_SERVICE_ROLE_KEY")}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Stops Postgres (fast shutdown), keeps it down for `downMs`, starts it again; resolves once it is back. */
export const restartPostgres = (downMs = 1000) => post("/__local/restart-postgres", { down_ms: downMs });

/** Drops every Realtime WebSocket at once, as a restart of the Realtime server would. */
export const dropRealtimeSockets = () => post("/__local/drop-realtime");

/**
 * Auth slow or down until changed or `/__local/reset`: every /auth/v1 call (JWKS too) waits `delayMs`,
 * and with `down` answers 503. `setAuthFault({})`-style partial updates keep the other setting.
 */
export const setAuthFault = (fault: { delayMs?: number; down?: boolean }) =>
  post("/__local/auth-fault", { delay_ms: fault.delayMs, down: fault.down }) as Promise<{
    delay_ms: number;
    down: boolean;
  }>;

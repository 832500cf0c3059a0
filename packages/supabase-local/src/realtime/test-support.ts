/**
 * Helpers for the Realtime integration tests. They run inside `supabase-local --test` and talk to the
 * stand-in only through the official supabase-js client (plus raw WebSockets for wire-level checks).
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from "@supabase/supabase-js";
import { randomUUID } from "node:crypto";
import postgres from "postgres";

function env(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run through npm run test:integration (inside the local stack)`);
  return value;
}

export const supabaseUrl = () => env("NEXT_PUBLIC_SUPABASE_URL");
export const publishableKey = () => env("NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY");
export const adminSql = () => postgres(env("LOCAL_DB_ADMIN_URL"), { max: 2, onnotice: () => {} });
export const websocketUrl = (vsn = "2.0.0") =>
  `${supabaseUrl().replace(/^http/, "ws")}/realtime/v1/websocket?apikey=${publishableKey()}&vsn=${vsn}`;

/** Every WebSocket a client opened, so a test can act on the live connection. */
export function trackedTransport() {
  const sockets: WebSocket[] = [];
  class Tracked extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  }
  return { sockets, transport: Tracked };
}

export function anonClient(transport?: typeof WebSocket): SupabaseClient {
  return createClient(supabaseUrl(), publishableKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: transport ? { transport } : {},
  });
}

/** A fresh confirmed user (admin API), signed in through supabase-js on its own client. */
export async function signedInUser(transport?: typeof WebSocket) {
  const email = `rt-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  const res = await fetch(`${supabaseUrl()}/auth/v1/admin/users`, {
    method: "POST",
    headers: {
      apikey: publishableKey(),
      authorization: `Bearer ${env("LOCAL_SERVICE_ROLE_KEY")}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  if (!res.ok) throw new Error(`admin create user failed: ${res.status} ${await res.text()}`);
  const client = anonClient(transport);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
  return { client, id: data.user.id, token: data.session.access_token };
}

export type Received = Record<string, unknown> & {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
};

type ChangeSpec = {
  event: "*" | "INSERT" | "UPDATE" | "DELETE";
  schema: string;
  table: string;
  filter?: string;
};

/** Subscribes and resolves once the server says "Subscribed to PostgreSQL"; changes land in `received`. */
export async function subscribe(
  client: SupabaseClient,
  name: string,
  spec: ChangeSpec | ChangeSpec[],
  onChange?: (payload: Received) => void,
) {
  const received: Received[] = [];
  const statuses: string[] = [];
  const system: Record<string, unknown>[] = [];
  const channel: RealtimeChannel = client.channel(name);
  // Several specs are several bindings on the one channel, as an app's inbox may join.
  for (const one of Array.isArray(spec) ? spec : [spec])
    channel.on("postgres_changes", one, (payload) => {
      onChange?.(payload as unknown as Received);
      received.push(payload as unknown as Received);
    });
  const ready = new Promise<void>((resolve, reject) => {
    channel.on("system", {}, (payload: Record<string, unknown>) => {
      system.push(payload);
      if (payload.message === "Subscribed to PostgreSQL") resolve();
      else if (payload.status === "error") reject(new Error(String(payload.message)));
    });
    channel.subscribe((status, err) => {
      statuses.push(status);
      if (status === "CHANNEL_ERROR" && err && statuses.length === 1) reject(err);
    });
  });
  await ready;
  return { channel, received, statuses, system };
}

/** Polls until `check` returns a value, or fails after `ms`. */
export async function eventually<T>(
  check: () => T | undefined | false,
  ms = 5000,
  what = "condition",
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A raw Phoenix socket for wire-level checks; frames received are kept in order. */
export async function rawSocket(vsn = "2.0.0") {
  const ws = new WebSocket(websocketUrl(vsn));
  const frames: unknown[] = [];
  ws.addEventListener("message", (e) => frames.push(JSON.parse(String(e.data))));
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve());
    ws.addEventListener("error", () => reject(new Error("websocket failed to open")));
  });
  return { ws, frames };
}

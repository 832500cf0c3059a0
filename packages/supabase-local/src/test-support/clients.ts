import { randomUUID } from "node:crypto";
import { createBrowserClient, createServerClient, type CookieOptions } from "@supabase/ssr";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Mail } from "../mailbox.ts";

/** The stack's env vars, as `supabase-local --test` hands them to Vitest. */
export function stackEnv() {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: run this suite with npm run test:integration`);
    return value;
  };
  return {
    url: need("NEXT_PUBLIC_SUPABASE_URL"),
    key: need("NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY"),
    adminDbUrl: need("LOCAL_DB_ADMIN_URL"),
    mailboxUrl: need("LOCAL_MAILBOX_URL"),
    serviceKey: need("LOCAL_SERVICE_ROLE_KEY"),
    secretKey: need("SUPABASE_SECRET_KEY"),
  };
}

export type RequestLog = { method: string; path: string }[];

/** A fetch that records every request, so tests can assert what went over the wire (or did not). */
export function countingFetch(log: RequestLog): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    log.push({
      method: init?.method ?? (input instanceof Request ? input.method : "GET"),
      path: url.pathname + url.search,
    });
    return fetch(input, init);
  };
}

export function uniqueEmail(tag = "user"): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Plain supabase-js client, no persisted storage beyond memory. */
export function plainClient(log?: RequestLog): SupabaseClient {
  const { url, key } = stackEnv();
  return createClient(url, key, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: memoryStorage(),
    },
    global: log ? { fetch: countingFetch(log) } : {},
  });
}

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

export type Cookie = { name: string; value: string; options?: CookieOptions };

/** A cookie jar standing in for one browser: what a response sets, the next request sends. */
export class CookieJar {
  cookies = new Map<string, string>();
  getAll = () => [...this.cookies].map(([name, value]) => ({ name, value }));
  setAll = (list: Cookie[]) => {
    for (const c of list) {
      if (c.options?.maxAge === 0 || c.value === "") this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  };
}

/** A per-request server client (like lib/supabase/server.ts) over a shared jar. */
export function serverClient(jar: CookieJar, log?: RequestLog): SupabaseClient {
  const { url, key } = stackEnv();
  return createServerClient(url, key, {
    cookies: { getAll: jar.getAll, setAll: jar.setAll },
    global: log ? { fetch: countingFetch(log) } : {},
  });
}

/** The browser client run in Node with explicit cookie methods (no document here). */
export function browserClient(jar: CookieJar): SupabaseClient {
  const { url, key } = stackEnv();
  return createBrowserClient(url, key, {
    cookies: { getAll: jar.getAll, setAll: jar.setAll },
    isSingleton: false,
  });
}

export function adminClient(): SupabaseClient {
  const { url, serviceKey } = stackEnv();
  return createClient(url, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

export async function createConfirmedUser(email = uniqueEmail(), password = "correct-horse-1") {
  const { data, error } = await adminClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  return { email, password, id: data.user.id };
}

export async function mailsTo(email: string): Promise<Mail[]> {
  const res = await fetch(`${stackEnv().mailboxUrl}/api/messages?to=${encodeURIComponent(email)}`);
  return (await res.json()) as Mail[];
}

export async function lastLink(email: string): Promise<URL> {
  const [mail] = await mailsTo(email);
  if (!mail?.links[0]) throw new Error(`no mail with a link for ${email}`);
  return new URL(mail.links[0]);
}

/** POST to the stand-in's test switches (service_role only). */
export async function localSwitch(path: "config" | "reset", body: unknown = {}) {
  const { url, serviceKey } = stackEnv();
  const res = await fetch(`${url}/__local/${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${serviceKey}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`/__local/${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

import { expect, test, type Page } from "@playwright/test";
import { createServerClient } from "@supabase/ssr";
import { randomUUID } from "node:crypto";
import { stackEnv } from "./stack-env";

export const DEMO_PASSWORD = "noosa-demo-2026";

/** A fresh address per test, so tests never touch the demo accounts or each other. */
export function uniqueEmail(label = "athlete"): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.test`;
}

function serviceHeaders(): HeadersInit {
  const key = stackEnv("LOCAL_SERVICE_ROLE_KEY");
  return { apikey: key, Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
}

/** Creates a confirmed user through the GoTrue admin API (service_role key). */
export async function createConfirmedUser(
  options: { email?: string; password?: string; userMetadata?: Record<string, unknown> } = {},
): Promise<{ id: string; email: string; password: string }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `pw-${randomUUID().slice(0, 10)}`;
  const response = await fetch(`${stackEnv("NEXT_PUBLIC_SUPABASE_URL")}/auth/v1/admin/users`, {
    method: "POST",
    headers: serviceHeaders(),
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: options.userMetadata ?? {} }),
  });
  if (!response.ok) throw new Error(`admin create user failed: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: string };
  return { id: user.id, email, password };
}

/** Stand-in-only switch (--test mode): e.g. `{ enable_confirmations: false }` or tighter rate limits. */
export async function setLocalAuthConfig(patch: {
  enable_confirmations?: boolean;
  /** Seconds between two e-mails of one kind to one address (0 in test mode, 60 in config.toml). */
  email_max_frequency?: number;
  rate_limits?: Partial<
    Record<"email_sent" | "sign_in_sign_ups" | "token_verifications" | "token_refresh", number>
  >;
}): Promise<void> {
  const response = await fetch(`${stackEnv("NEXT_PUBLIC_SUPABASE_URL")}/__local/config`, {
    method: "POST",
    headers: serviceHeaders(),
    body: JSON.stringify(patch),
  });
  if (!response.ok) throw new Error(`__local/config failed: ${response.status} ${await response.text()}`);
}

/** Restores the stand-in's start-up auth config and clears its rate-limit counters. */
export async function resetLocalAuth(): Promise<void> {
  const response = await fetch(`${stackEnv("NEXT_PUBLIC_SUPABASE_URL")}/__local/reset`, {
    method: "POST",
    headers: serviceHeaders(),
  });
  if (!response.ok) throw new Error(`__local/reset failed: ${response.status}`);
}

/**
 * Signs in through the /auth form and waits until the app has left /auth. `next` is passed as the
 * query parameter; the caller asserts where it landed.
 */
export async function signInThroughUI(page: Page, user: { email: string; password: string }, next?: string) {
  await page.goto(next ? `/auth?next=${encodeURIComponent(next)}` : "/auth");
  await page.getByLabel("Email address").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/);
}

/**
 * Signs in for a test whose subject is not the sign-in itself: the session comes from Auth's password grant
 * through @supabase/ssr (as the app's sign-in action gets it), is put in the browser's cookie jar, and the
 * page opens `next`. Same cookie, same session, without loading and submitting /auth each time (the
 * sign-in form itself is tested through the UI in e2e/auth and e2e/security). Waits until the page is not
 * on /auth; the caller asserts where it landed.
 */
export async function signInWithSession(
  page: Page,
  user: { email: string; password: string },
  next = "/dashboard",
) {
  const set: { name: string; value: string }[] = [];
  const auth = createServerClient(
    stackEnv("NEXT_PUBLIC_SUPABASE_URL"),
    stackEnv("NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY"),
    { cookies: { getAll: () => [], setAll: (list) => void set.push(...list) } },
  ).auth;
  const { error } = await auth.signInWithPassword(user);
  if (error) throw new Error(`sign-in of ${user.email} failed: ${error.message}`);
  const site = new URL(test.info().project.use.baseURL!);
  await page.context().addCookies(
    set
      .filter((c) => c.value !== "")
      .map((c) => ({
        name: c.name,
        value: c.value,
        domain: site.hostname,
        path: "/",
        sameSite: "Lax" as const,
      })),
  );
  await page.goto(next);
  await expect(page).not.toHaveURL(/\/auth(\?|$)/);
}

/** Asks for a magic link through the /auth form and waits until the page confirms it was sent. */
export async function requestMagicLink(page: Page, email: string, next?: string) {
  await page.goto(`/auth?view=magic_link${next ? `&next=${encodeURIComponent(next)}` : ""}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send magic link" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Check your email for the magic link" }),
  ).toBeVisible();
}

/** Name of the @supabase/ssr session cookie for the stack's URL (protocol B.1). */
export function sessionCookieName(): string {
  return `sb-${new URL(stackEnv("NEXT_PUBLIC_SUPABASE_URL")).hostname.split(".")[0]}-auth-token`;
}

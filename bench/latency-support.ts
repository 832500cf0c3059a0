/**
 * What the Realtime latency scripts (message-latency.ts, team-chat-latency.ts, session-live-latency.ts) share: their options,
 * the stand-in's environment, fresh bench athletes made through Auth's admin API, and signing a browser
 * page in straight to the thread or chat being measured.
 */
import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import type postgres from "postgres";

export const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;

export const baseUrl = arg("base-url", process.env.BENCH_BASE_URL ?? "http://127.0.0.1:3000").replace(
  /\/$/,
  "",
);

export const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run inside supabase-local --test`);
  return value;
};

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function waitForApp() {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${baseUrl}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${baseUrl} did not answer`);
}

export type BenchAthlete = { authId: string; email: string; password: string; profileId: string };

/** A confirmed account with a profile, made for this run; `goals` says what it measures. */
export async function benchAthlete(sql: postgres.Sql, name: string, goals: string): Promise<BenchAthlete> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
  const password = `pw-${randomUUID()}`;
  const key = env("LOCAL_SERVICE_ROLE_KEY");
  const res = await fetch(`${env("NEXT_PUBLIC_SUPABASE_URL")}/auth/v1/admin/users`, {
    method: "POST",
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  if (!res.ok) throw new Error(`creating a bench user failed: ${res.status}`);
  const { id } = (await res.json()) as { id: string };
  const [row] = await sql<{ id: string }[]>`
    insert into public.profiles (auth_id, username, full_name, location, specialty, experience_level, goals)
    values (${id}, ${`bench_${id.slice(0, 8)}`}, ${name}, ${sql.json({ display_name: "Noosa", coordinates: [0, 0] })},
            'runner', 'beginner', ${goals})
    returning id`;
  return { authId: id, email, password, profileId: row!.id };
}

/** Signs `page` in through the sign-in form with `next` = `path`, and waits until it has arrived there. */
export async function signInTo(
  page: Page,
  who: { email: string; password: string },
  path: string,
  arrived: RegExp,
) {
  await page.goto(`${baseUrl}/auth?next=${encodeURIComponent(path)}`);
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(arrived, { timeout: 60_000 });
}

/** Signs `page` in straight to a thread or chat (`path`), and waits until it is live. */
export async function openLive(
  page: Page,
  who: { email: string; password: string },
  path: string,
  arrived: RegExp,
) {
  await signInTo(page, who, path, arrived);
  await page.locator("[role=log][data-live=true]").waitFor({ timeout: 30_000 });
}

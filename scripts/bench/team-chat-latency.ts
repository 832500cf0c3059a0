/**
 * Team-chat latency on a running app: a row inserted into `team_chat_messages` → EVERY other member's open
 * team chat shows it. A team of a creator and `--members` more (default 2, a relay of three), each in their own
 * browser context with the chat open; per message, the time until the slowest of the other members' pages has
 * it. Prints one `BENCH_RESULT {json}` line (p50/p95/max in ms, per message, and the p95 per receiving page).
 * A measurement, not a test: it never fails on a number (the target is p95 ≤ 100 ms).
 *
 * Run as scripts/bench/message-latency.ts is (inside `supabase-local --test`, against a built app):
 *   node scripts/bench/team-chat-latency.ts --base-url=http://127.0.0.1:3105 --messages=100
 */
import { chromium, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { chromiumPath } from "../../e2e/support/chromium.ts";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const baseUrl = arg("base-url", process.env.BENCH_BASE_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const count = Number(arg("messages", "50"));
const others = Number(arg("members", "2"));
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run inside supabase-local --test`);
  return value;
};

async function waitForApp() {
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

async function athlete(sql: postgres.Sql, name: string) {
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
            'runner', 'beginner', 'Measure team chat latency')
    returning id`;
  return { authId: id, email, password, profileId: row!.id };
}

async function openChat(page: Page, who: { email: string; password: string }, teamId: string) {
  const path = `/messages?team=${teamId}`;
  await page.goto(`${baseUrl}/auth?next=${encodeURIComponent(path)}`);
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/messages\?team=/, { timeout: 60_000 });
  await page.locator("[role=log][data-live=true]").waitFor({ timeout: 30_000 });
  // The page notes when each message first appears (same machine clock as this process).
  await page.evaluate(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll("[data-message-id]")) {
        const id = el.getAttribute("data-message-id")!;
        seen[id] ??= Date.now();
      }
    }).observe(document.querySelector("[role=log]")!, { childList: true, subtree: true });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const seenAt = (page: Page, id: string) =>
  page
    .waitForFunction((mid) => (window as unknown as { __seen: Record<string, number> }).__seen[mid], id, {
      polling: 5,
      timeout: 10_000,
    })
    .then(async (handle) => Number(await handle.jsonValue()));

async function main() {
  await waitForApp();
  const sql = postgres(env("LOCAL_DB_ADMIN_URL"), { max: 2, onnotice: () => {} });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const team = [await athlete(sql, "Bench Captain")];
  for (let i = 0; i < others; i++) team.push(await athlete(sql, `Bench Member ${i + 1}`));
  const sender = team[0]!;
  try {
    const [row] = await sql<{ id: string }[]>`
      insert into public.teams (name, description, creator_id, max_members, requirements)
      values ('Bench Relay', 'Measuring team chat latency', ${sender.authId}, ${Math.min(6, Math.max(2, team.length))},
              '{"roles": ["runner"], "experience_levels": ["beginner"]}')
      returning id`;
    const teamId = row!.id;
    for (const m of team)
      await sql`insert into public.team_members (team_id, profile_id, role, status)
                values (${teamId}, ${m.profileId}, 'runner', 'active')`;
    const pages: Page[] = [];
    for (const m of team) {
      const page = await (await browser.newContext()).newPage();
      await openChat(page, m, teamId);
      pages.push(page);
    }
    const receivers = pages.slice(1);
    const slowest: number[] = [];
    const perPage: number[][] = receivers.map(() => []);
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const started = Date.now();
      await sql`insert into public.team_chat_messages (id, team_id, sender_id, content)
        values (${id}, ${teamId}, ${sender.profileId}, ${`bench team message ${i}`})`;
      const seen = await Promise.all(receivers.map((p) => seenAt(p, id)));
      seen.forEach((at, j) => perPage[j]!.push(at - started));
      slowest.push(Math.max(...seen) - started);
      await new Promise((r) => setTimeout(r, 50));
    }
    const sorted = [...slowest].sort((a, b) => a - b);
    console.log(
      "BENCH_RESULT " +
        JSON.stringify({
          metric: "team_chat_insert_to_every_other_member_page_ms",
          baseUrl,
          messages: count,
          receivers: receivers.length,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          max: sorted[sorted.length - 1],
          mean: Math.round(slowest.reduce((a, b) => a + b, 0) / slowest.length),
          p95PerPage: perPage.map((l) =>
            percentile(
              [...l].sort((a, b) => a - b),
              95,
            ),
          ),
          targetP95: 100,
        }),
    );
  } finally {
    await browser.close();
    await sql`delete from auth.users where id in ${sql(team.map((m) => m.authId))}`;
    await sql.end();
  }
}

main().catch((error: unknown) => {
  console.error(JSON.stringify({ error: (error as Error).message }));
  process.exit(1);
});

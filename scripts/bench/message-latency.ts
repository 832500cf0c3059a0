/**
 * Message latency on a running app: a row inserted into `messages` → the other participant's open
 * /messages page shows it. Two browser contexts (sender and receiver, both on the thread); prints one
 * `BENCH_RESULT {json}` line with p50/p95/max in ms (`npm run bench` folds it into its table). A measurement, not a test: it never fails on a number (the target is p95 ≤ 150 ms).
 *
 *   npx supabase-local --test -- bash -c \
 *     'NEXT_DIST_DIR=.next-bench next start -H 127.0.0.1 -p 3105 & node scripts/bench/message-latency.ts --base-url=http://127.0.0.1:3105'
 *
 * (after `NEXT_DIST_DIR=.next-bench npx next build` inside the same `supabase-local --test`, since the build bakes in the
 * stack's URL). Needs NEXT_PUBLIC_SUPABASE_URL, LOCAL_SERVICE_ROLE_KEY and LOCAL_DB_ADMIN_URL, which
 * supabase-local provides. Options: --messages=N (default 50), --base-url=URL (default http://127.0.0.1:3000).
 */
import { chromium, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { chromiumPath } from "../../e2e/support/chromium.ts";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const baseUrl = arg("base-url", process.env.BENCH_BASE_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const count = Number(arg("messages", "50"));
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
            'runner', 'beginner', 'Measure message latency')
    returning id`;
  return { authId: id, email, password, profileId: row!.id };
}

async function openThread(page: Page, who: { email: string; password: string }, conversationId: string) {
  const path = `/messages?c=${conversationId}`;
  await page.goto(`${baseUrl}/auth?next=${encodeURIComponent(path)}`);
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/messages\?c=/, { timeout: 60_000 });
  await page.locator("[role=log][data-live=true]").waitFor({ timeout: 30_000 });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  await waitForApp();
  const sql = postgres(env("LOCAL_DB_ADMIN_URL"), { max: 2, onnotice: () => {} });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const sender = await athlete(sql, "Bench Sender");
  const receiver = await athlete(sql, "Bench Receiver");
  try {
    const [conv] = await sql<{ id: string }[]>`
      select private.ensure_conversation(${sender.profileId}, ${receiver.profileId}) as id`;
    const conversationId = conv!.id;
    const pages = await Promise.all(
      [sender, receiver].map(async () => (await browser.newContext()).newPage()),
    );
    await openThread(pages[0]!, sender, conversationId);
    await openThread(pages[1]!, receiver, conversationId);
    const watched = pages[1]!;
    // The receiver's page notes when each message's text first appears (same machine clock as this process).
    await watched.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll("[data-message-id]")) {
          const id = el.getAttribute("data-message-id")!;
          seen[id] ??= Date.now();
        }
      }).observe(document.querySelector("[role=log]")!, { childList: true, subtree: true });
    });
    const latencies: number[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const started = Date.now();
      await sql`insert into public.messages (id, conversation_id, sender_id, content)
        values (${id}, ${conversationId}, ${sender.profileId}, ${`bench message ${i}`})`;
      const handle = await watched.waitForFunction(
        (mid) => (window as unknown as { __seen: Record<string, number> }).__seen[mid],
        id,
        { polling: 5, timeout: 10_000 },
      );
      latencies.push(Number(await handle.jsonValue()) - started);
      await new Promise((r) => setTimeout(r, 50));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      "BENCH_RESULT " +
        JSON.stringify({
          metric: "message_insert_to_other_page_ms",
          baseUrl,
          messages: count,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          max: sorted[sorted.length - 1],
          mean: Math.round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
          targetP95: 150,
        }),
    );
  } finally {
    await browser.close();
    await sql`delete from auth.users where id in ${sql([sender.authId, receiver.authId])}`;
    await sql.end();
  }
}

main().catch((error: unknown) => {
  console.error(JSON.stringify({ error: (error as Error).message }));
  process.exit(1);
});

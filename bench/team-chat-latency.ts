/**
 * Team-chat latency on a running app: a row inserted into `team_chat_messages` → EVERY other member's open
 * team chat shows it. A team of a creator and `--members` more (default 2, a relay of three), each in their own
 * browser context with the chat open; per message, the time until the slowest of the other members' pages has
 * it. Prints one `BENCH_RESULT {json}` line (p50/p95/max in ms, per message, and the p95 per receiving page).
 * A measurement, not a test: it never fails on a number (the target is p95 ≤ 100 ms).
 *
 * Run as bench/message-latency.ts is (inside `supabase-local --test`, against a built app):
 *   node bench/team-chat-latency.ts --base-url=http://127.0.0.1:3105 --messages=100
 */
import { chromium, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { chromiumPath } from "../e2e/support/chromium.ts";
import { arg, baseUrl, benchAthlete, env, openLive, percentile, waitForApp } from "./latency-support.ts";

const count = Number(arg("messages", "50"));
const others = Number(arg("members", "2"));

async function openChat(page: Page, who: { email: string; password: string }, teamId: string) {
  await openLive(page, who, `/messages?team=${teamId}`, /\/messages\?team=/);
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
  const team = [await benchAthlete(sql, "Bench Captain", "Measure team chat latency")];
  for (let i = 0; i < others; i++)
    team.push(await benchAthlete(sql, `Bench Member ${i + 1}`, "Measure team chat latency"));
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

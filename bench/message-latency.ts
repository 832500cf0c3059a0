/**
 * Message latency on a running app: a row inserted into `messages` → the other participant's open
 * /messages page shows it. Two browser contexts (sender and receiver, both on the thread); prints one
 * `BENCH_RESULT {json}` line with p50/p95/max in ms (`npm run bench` folds it into its table). A measurement, not a test: it never fails on a number (the target is p95 ≤ 150 ms).
 *
 *   npx supabase-local --test -- bash -c \
 *     'NEXT_DIST_DIR=.next-bench next start -H 127.0.0.1 -p 3105 & node bench/message-latency.ts --base-url=http://127.0.0.1:3105'
 *
 * (after `NEXT_DIST_DIR=.next-bench npx next build` inside the same `supabase-local --test`, since the build bakes in the
 * stack's URL). Needs NEXT_PUBLIC_SUPABASE_URL, LOCAL_SERVICE_ROLE_KEY and LOCAL_DB_ADMIN_URL, which
 * supabase-local provides. Options: --messages=N (default 50), --base-url=URL (default http://127.0.0.1:3000).
 */
import { chromium, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { chromiumPath } from "../e2e/support/chromium.ts";
import { arg, baseUrl, benchAthlete, env, openLive, percentile, waitForApp } from "./latency-support.ts";

const count = Number(arg("messages", "50"));

const openThread = (page: Page, who: { email: string; password: string }, conversationId: string) =>
  openLive(page, who, `/messages?c=${conversationId}`, /\/messages\?c=/);

async function main() {
  await waitForApp();
  const sql = postgres(env("LOCAL_DB_ADMIN_URL"), { max: 2, onnotice: () => {} });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const sender = await benchAthlete(sql, "Bench Sender", "Measure message latency");
  const receiver = await benchAthlete(sql, "Bench Receiver", "Measure message latency");
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

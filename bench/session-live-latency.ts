/**
 * Session RSVP latency on a running app: an athlete takes a place (public.take_session_place, as that athlete,
 * the way the app's action calls it) → the host's open page of that date shows the new count ("N going of
 * M"), live, never reloaded (components/sessions/live-session-refresh.tsx). One date with `--rsvps` places
 * (default 40, at most 50) and as many athletes, each taking one place in turn. Prints one
 * `BENCH_RESULT {json}` line (p50/p95/max in ms). A measurement, not a test: it never fails on a number
 * (the target is p95 ≤ 100 ms).
 *
 * Run as the other latency scripts are (inside `supabase-local --test`, against a built app):
 *   node bench/session-live-latency.ts --base-url=http://127.0.0.1:3105 --rsvps=40
 */
import { chromium } from "@playwright/test";
import postgres from "postgres";
import { chromiumPath } from "../e2e/support/chromium.ts";
import { arg, baseUrl, benchAthlete, env, percentile, signInTo, waitForApp } from "./latency-support.ts";

const count = Math.min(50, Number(arg("rsvps", "40")));

async function main() {
  await waitForApp();
  const sql = postgres(env("LOCAL_DB_ADMIN_URL"), { max: 2, onnotice: () => {} });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const host = await benchAthlete(sql, "Bench Host", "Measure session RSVP latency");
  const athletes = [];
  for (let i = 0; i < count; i++)
    athletes.push(await benchAthlete(sql, `Bench Athlete ${i + 1}`, "Measure session RSVP latency"));
  const as = <T>(authId: string, fn: (tx: postgres.TransactionSql) => Promise<T>) =>
    sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: authId, role: "authenticated" })}, true)`;
      await tx`set local role authenticated`;
      return fn(tx);
    });
  try {
    const [day] = await sql<{ d: string }[]>`
      select ((now() at time zone 'Australia/Brisbane')::date + 2)::text as d`;
    const [created] = await as(
      host.authId,
      (tx) => tx<{ r: { occurrence_id: string } }[]>`
      select public.create_training_session(${tx.json({
        title: "Bench dawn swim",
        sport: "open_water_swim",
        meeting_point: "noosa_main_beach",
        duration_minutes: 60,
        level: "all",
        places: 50,
        first_day: day!.d,
        local_time: "05:45",
      })}) as r`,
    );
    const occurrence = created!.r.occurrence_id;
    const page = await (await browser.newContext()).newPage();
    await signInTo(page, host, `/sessions/${occurrence}`, /\/sessions\//);
    await page.locator("[data-session-live=true]").waitFor({ state: "attached", timeout: 30_000 });
    // The page notes when each count first shows (same machine clock as this process).
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      const note = () => {
        const n = /(\d+) going of \d+/.exec(document.body.innerText)?.[1];
        if (n) seen[n] ??= Date.now();
      };
      new MutationObserver(note).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      note();
    });
    const latencies: number[] = [];
    for (let i = 0; i < athletes.length; i++) {
      const started = Date.now();
      await as(athletes[i]!.authId, (tx) => tx`select public.take_session_place(${occurrence})`);
      const shown = await page.waitForFunction(
        (n) => (window as unknown as { __seen: Record<string, number> }).__seen[n],
        String(i + 1),
        { polling: 5, timeout: 10_000 },
      );
      latencies.push(Number(await shown.jsonValue()) - started);
      await new Promise((r) => setTimeout(r, 100));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      "BENCH_RESULT " +
        JSON.stringify({
          metric: "session_rsvp_to_host_page_ms",
          baseUrl,
          rsvps: latencies.length,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          max: sorted[sorted.length - 1],
          mean: Math.round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
          targetP95: 100,
        }),
    );
  } finally {
    await browser.close();
    await sql`delete from auth.users where id in ${sql([host, ...athletes].map((m) => m.authId))}`;
    await sql.end();
  }
}

main().catch((error: unknown) => {
  console.error(JSON.stringify({ error: (error as Error).message }));
  process.exit(1);
});

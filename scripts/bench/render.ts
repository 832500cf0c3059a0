/**
 * Server render time of /browse and /dashboard (signed in as demo athlete Mia) against a running app:
 * sequential GETs of the full HTML, p50/p95 per page, and the HTML size. Rerunnable; not a test.
 *
 *   BASE_URL=http://127.0.0.1:3000 node scripts/bench/render.ts [--runs 30] [--warmup 3]
 *
 * Compare a run on the demo seed with one after scripts/seed-large.ts (the target: p95 at the large size
 * ≤ 1.3× the demo p95, /browse HTML < 150 KB). Supabase URL and key default to the local stack.
 * The app must be built for the same stack: NEXT_PUBLIC_SUPABASE_URL is inlined at build time, and a build
 * made for another stack cannot verify the session (then /dashboard redirects and this script stops).
 */
import { parseArgs } from "node:util";
import { localStack } from "../../lib/public-env.ts";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "30" }, warmup: { type: "string", default: "3" } },
});
const base = (process.env.BASE_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const supabaseUrl = process.env.NEXT_PUBLIC_SUPABASE_URL || localStack.supabaseUrl;
const key = process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY || localStack.publishableKey;
const email = process.env.BENCH_EMAIL ?? "mia@example.com";
const password = process.env.BENCH_PASSWORD ?? "noosa-demo-2026";

/** A session cookie as @supabase/ssr writes it (base64url JSON, split in 3180-character chunks). */
async function sessionCookie(): Promise<string> {
  const response = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: key, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const session = await response.json();
  const name = `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;
  const value = `base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
  if (value.length <= 3180) return `${name}=${value}`;
  const chunks = value.match(/.{1,3180}/g) ?? [];
  return chunks.map((c, i) => `${name}.${i}=${c}`).join("; ");
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(path: string, cookie: string, runs: number, warmup: number) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < warmup + runs; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
    const html = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200)
      throw new Error(
        `${path}: HTTP ${response.status} ${response.headers.get("location") ?? ""} (session not accepted: ` +
          "was the app built for this stack's NEXT_PUBLIC_SUPABASE_URL?)",
      );
    if (i >= warmup) times.push(ms);
    bytes = Buffer.byteLength(html);
  }
  times.sort((a, b) => a - b);
  return { path, p50: percentile(times, 50), p95: percentile(times, 95), kb: bytes / 1024 };
}

const cookie = await sessionCookie();
const runs = Number(values.runs);
const warmup = Number(values.warmup);
console.log(`render bench against ${base}: ${runs} runs after ${warmup} warm-up, signed in as ${email}`);
for (const path of ["/browse", "/browse?role=runner&ap=5", "/dashboard"]) {
  const r = await measure(path, cookie, runs, warmup);
  console.log(
    `${r.path.padEnd(28)} p50 ${r.p50.toFixed(0).padStart(5)} ms   p95 ${r.p95.toFixed(0).padStart(5)} ms   HTML ${r.kb.toFixed(1)} KB`,
  );
}

/**
 * Part of `npm run bench` (`-- --only=stack`) — start-up and sign-in figures of the local stack (targets: cold ≤ 3 s, warm ≤ 1 s,
 * password sign-in p95 ≤ 150 ms). Cold = a new throwaway cluster, measured both with nothing cached (initdb,
 * bootstrap, migrations, seed: a fresh clone's first run) and from the cached template (what every test run
 * does); warm = an existing data folder, as a second `npm run dev`. Both are measured from spawning the bin to
 * the wrapped command running. Loopback only; stops by itself.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./ports.ts";

const bin = path.join(import.meta.dirname, "../bin/supabase-local.ts");
const runs = Number(process.env.BENCH_RUNS ?? 3);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** ms from spawning the bin until the wrapped command starts (it prints its own Date.now()). */
function timeStart(flags: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      [bin, ...flags, "--", process.execPath, "-e", "console.log('T=' + Date.now())"],
      {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", (code) => {
      const t = /T=(\d+)/.exec(out);
      if (code !== 0 || !t) reject(new Error(`supabase-local exited ${code}: ${out}`));
      else resolve(Number(t[1]) - started);
    });
  });
}

async function signInBench(count: number) {
  const { createClient } = await import("@supabase/supabase-js");
  const client = createClient(
    process.env.NEXT_PUBLIC_SUPABASE_URL!,
    process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!,
    {
      auth: { persistSession: false, autoRefreshToken: false },
    },
  );
  const times: number[] = [];
  for (let i = 0; i < count + 5; i++) {
    const t = performance.now();
    const { error } = await client.auth.signInWithPassword({
      email: "mia@example.com",
      password: "noosa-demo-2026",
    });
    if (error) throw error;
    if (i >= 5) times.push(performance.now() - t); // the first few warm up the JIT and the pool
  }
  times.sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `BENCH_RESULT ${JSON.stringify({ signInP50: percentile(times, 50), signInP95: percentile(times, 95) })}`,
  );
  console.log(
    `password sign-in ×${count}: p50 ${f(percentile(times, 50))} · p95 ${f(percentile(times, 95))} · max ${f(times.at(-1)!)} (target p95 ≤ 150 ms)`,
  );
}

/** How busy the machine is, so figures from a shared box can be read: load and one bcrypt (cost 10). */
async function calibration() {
  const { default: bcrypt } = await import("bcryptjs");
  const hash = bcrypt.hashSync("calibration", 10);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await bcrypt.compare("calibration", hash);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(
    `machine: ${cpus().length} cores, load average ${load}; one bcrypt compare (cost 10) ${times[2]!.toFixed(0)} ms (idle: ~70-90 ms)`,
  );
}

async function main() {
  if (process.argv.includes("--signin")) return signInBench(Number(process.env.BENCH_SIGNINS ?? 200));
  await calibration();
  const list = (xs: number[]) =>
    `${xs.map((x) => `${x} ms`).join(", ")} (median ${[...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]} ms)`;

  const uncached: number[] = [];
  for (let i = 0; i < runs; i++) uncached.push(await timeStart(["--test"], { SUPABASE_LOCAL_NO_CACHE: "1" }));
  console.log(
    `cold start, nothing cached (initdb + bootstrap + migrations + seed): ${list(uncached)} (target ≤ 3000 ms)`,
  );
  const cold: number[] = [];
  for (let i = 0; i < runs; i++) cold.push(await timeStart(["--test"]));
  console.log(
    `cold start, new cluster from the cached template (every test run): ${list(cold)} (target ≤ 3000 ms)`,
  );

  const dir = mkdtempSync(path.join(tmpdir(), "stack-bench-"));
  const env = {
    SUPABASE_LOCAL_DIR: dir,
    SUPABASE_LOCAL_API_PORT: String(await freePort()),
    SUPABASE_LOCAL_DB_PORT: String(await freePort()),
    SUPABASE_LOCAL_SMTP_PORT: String(await freePort()),
  };
  try {
    await timeStart(["--dev"], env); // creates the data folder
    const warm: number[] = [];
    for (let i = 0; i < runs; i++) warm.push(await timeStart(["--dev"], env));
    console.log(`warm start (existing data folder): ${list(warm)} (target ≤ 1000 ms)`);
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `BENCH_RESULT ${JSON.stringify({ coldUncached: med(uncached), coldCached: med(cold), warm: med(warm) })}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [bin, "--test", "--", process.execPath, import.meta.filename, "--signin"],
      { stdio: "inherit" },
    );
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`sign-in bench exited ${code}`))));
  });
  await calibration();
}

await main();

/**
 * npm run load — race week on this machine: virtual athletes signed in through Auth browse, open teams and
 * threads, send a message every 20 s and receive them over Realtime, against a production build on the
 * throwaway local stack (127.0.0.1 only), for a fixed time at each size after 15 s of it not counted; then
 * the same load with faults: Postgres restarted, Auth slow (2 s a call) and down, every Realtime socket
 * dropped. Prints one table, writes bench/results/load-<stamp>.{json,md} and the load tables of
 * docs/performance.md.
 * Targets are printed, never asserted: this is a measurement, not a test.
 *
 *   npm run load                               50, 200 and 500 athletes, 60 s each, then the faults at 200
 *   npm run load -- --users=50 --seconds=20    one smaller run (--users=none: the faults only)
 *   npm run load -- --faults=none|postgres,auth-slow,auth-down,realtime  --fault-users=200 (or 50,200)
 *   npm run load -- --cpu-prof                 next start under --cpu-prof (profiles in bench/results/cpu/)
 *   npm run load -- --traces                   next start sends its spans to a collector here (OpenTelemetry)
 *   --skip-build                               serve the build in NEXT_DIST_DIR made by a run before in the same
 *                                              stack: npx supabase-local --test -- sh -c 'node bench/load/index.ts
 *                                              --users=500; DATABASE_POOL_MAX=20 node bench/load/index.ts
 *                                              --users=500 --skip-build' compares two pool sizes on one build
 * Every run also reports where requests waited: the app's event-loop delay and pool wait, and what its
 * Postgres connections were doing (bench/load/queue-evidence.ts). Answers the server shed (503 with
 * Retry-After, docs/performance.md#shedding) are counted apart from errors, a shed send is sent again after
 * Retry-After, and the report names the knee: the lowest load that shed or whose p95 passed 300 ms.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { dropRealtimeSockets, restartPostgres, setAuthFault } from "@noosa-tri/supabase-local/test-support";
import { writeBetweenMarkers } from "../report.ts";
import { freePort } from "../servers.ts";
import { makeAthletes, signIn, type Athlete } from "./athletes.ts";
import { actionIds } from "./http.ts";
import { ProcessSampler, standInPid } from "./processes.ts";
import { queueSummary, TraceCollector, type QueueSummary } from "./queue-evidence.ts";
import { resetStatements, topStatements } from "./statements.ts";
import { figures, knee, kneeP95Ms, percentile, Recorder, shedShare, type Figures } from "./stats.ts";
import { newLedger, VirtualUser, type Ledger } from "./virtual-user.ts";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const flag = (name: string) => process.argv.includes(`--${name}`);
// --users=none: only the fault runs.
const sizes = (arg("users") ?? "50,200,500")
  .split(",")
  .filter((n) => n !== "none")
  .map(Number);
const seconds = Number(arg("seconds") ?? 60);
const faultList = (arg("faults") ?? "postgres,auth-slow,auth-down,realtime")
  .split(",")
  .filter((f) => f !== "none");
// Each fault at each of these sizes (--fault-users=50,200).
const faultSizes = (arg("fault-users") ?? "200").split(",").map(Number);
// NEXT_DIST_DIR: a build directory of your own, when someone else may be running the load too.
const distDir = process.env.NEXT_DIST_DIR ?? ".next-load";
const MAX_USERS = 1000;

if (
  [...sizes, ...faultSizes].some((n) => !Number.isInteger(n) || n < 2 || n > MAX_USERS) ||
  !(seconds >= 5 && seconds <= 600)
) {
  console.error(`--users, --fault-users: sizes from 2 to ${MAX_USERS}; --seconds: 5 to 600`);
  process.exit(2);
}
const dbUrl = process.env.LOCAL_DB_ADMIN_URL;
const api = new URL(process.env.NEXT_PUBLIC_SUPABASE_URL ?? "http://invalid");
if (!dbUrl || api.hostname !== "127.0.0.1") {
  console.error("npm run load runs only inside the local stack (supabase-local --test), on 127.0.0.1.");
  process.exit(2);
}
const admin = postgres(dbUrl, { max: 2, onnotice: () => {} });
const appDbUser = new URL(process.env.DATABASE_URL!).username;
const log = (line: string) => console.log(`== ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: ChildProcess | null = null;
// The app's queue figures, a line a second (lib/observability/queue.ts), and with --traces its spans.
const queueFile = join(tmpdir(), `noosa-load-queue-${process.pid}.jsonl`);
const collector = flag("traces") ? new TraceCollector() : null;
async function serve(): Promise<string> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    QUEUE_METRICS_FILE: queueFile,
  };
  if (collector) {
    env.OTEL_EXPORTER_OTLP_ENDPOINT = await collector.start();
    env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
  }
  if (flag("cpu-prof")) {
    mkdirSync("bench/results/cpu", { recursive: true });
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --cpu-prof --cpu-prof-dir=${resolve("bench/results/cpu")}`;
  }
  // LOAD_SERVER_LOG=<file>: next start's output goes there (the app's own error logs), else nowhere.
  const logFile = process.env.LOAD_SERVER_LOG;
  const out = logFile ? openSync(logFile, "a") : "ignore";
  server = spawn(join("node_modules", ".bin", "next"), ["start", "-H", "127.0.0.1", "-p", String(port)], {
    stdio: ["ignore", out, out],
    env,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return url;
    await sleep(200);
  }
  throw new Error(`next start did not answer on ${url}`);
}

async function postmasterPid(): Promise<number | null> {
  const [row] = await admin<{ pid: number }[]>`select pg_backend_pid() as pid`.catch(
    () => [] as { pid: number }[],
  );
  if (!row) return null;
  const raw = readFileSync(`/proc/${row.pid}/stat`, "utf8");
  return Number(raw.slice(raw.lastIndexOf(")") + 2).split(" ")[1]);
}

type Phase = {
  name: string;
  users: number;
  seconds: number;
  byLabel: Record<string, Figures>;
  all: Figures;
  /** p95 of everything that started in each 10 s of the run: where in the run the slow answers were. */
  p95By10s: number[];
  rps: number;
  messages: {
    acked: number;
    delivered: number;
    caughtUp: number;
    missing: number;
    doubled: number;
    latencyP95: number;
  };
  /** Team-chat messages: each acknowledged one counted on every other member's side who was online. */
  teamMessages: ReturnType<typeof teamMissingOf> & { latencyP95: number };
  joinFailures: number;
  processes: ReturnType<ProcessSampler["stop"]>;
  /** Where requests waited inside the app (null if next start wrote no figures). */
  queue: QueueSummary | null;
  statements: Awaited<ReturnType<typeof topStatements>>;
  /** With --traces: span names by total time. */
  traces?: ReturnType<TraceCollector["summary"]>;
  /** Acknowledged messages the other side never saw, and where they are (see explainMissing). */
  missingMessages: Awaited<ReturnType<typeof explainMissing>>;
  fault?: Record<string, unknown>;
};

type Fault = (ctx: {
  at: (s: number) => number;
  ledger: Ledger;
  recorder: Recorder;
  base: string;
  athletes: Athlete[];
}) => Promise<Record<string, unknown>>;

async function runPhase(
  name: string,
  base: string,
  athletes: Athlete[],
  teamIds: string[],
  secs: number,
  fault?: Fault,
): Promise<Phase> {
  log(`${name}: ${athletes.length} athletes for ${secs} s`);
  const recorder = new Recorder();
  const ledger = newLedger();
  const actions = actionIds(distDir);
  const pg = await postmasterPid();
  const standIn = standInPid();
  const sampler = new ProcessSampler(
    () => ({
      "next start": server?.pid ? { root: server.pid } : null,
      postgres: pg ? { root: pg } : null,
      "stand-in (Auth, Realtime)": standIn ? { root: standIn, only: true } : null,
      "load tool": { root: process.pid, only: true },
    }),
    admin,
    appDbUser,
  );
  const ctx = {
    base,
    actions,
    teamIds,
    recorder,
    ledger,
    until: 0,
    thinkMs: [5000, 15000] as [number, number],
    sendEveryMs: 20_000,
    teamSendEveryMs: 30_000,
    online: new Set(athletes.map((a) => a.profileId)),
  };
  const users = athletes.map((a) => new VirtualUser(a, ctx));
  // Join Realtime a few at a time, as people arrive, before the clock starts.
  let joinFailures = 0;
  for (let i = 0; i < users.length; i += 25)
    joinFailures += (await Promise.all(users.slice(i, i + 25).map((u) => u.connect()))).filter(
      (ok) => !ok,
    ).length;
  const started = performance.now();
  const startedAt = Date.now();
  ctx.until = started + secs * 1000;
  sampler.start();
  await resetStatements(admin);
  const faultResult = fault?.({ at: (s) => started + s * 1000, ledger, recorder, base, athletes });
  await Promise.all(users.flatMap((u) => [u.browseLoop(), u.sendLoop(), u.teamSendLoop()]));
  const faultFigures = faultResult ? await faultResult : undefined;
  // Deliveries still in flight: wait for Realtime to bring every acknowledged message, up to 10 s.
  const waitUntil = performance.now() + 10_000;
  while (
    performance.now() < waitUntil &&
    (missingOf(ledger).missing > 0 || teamMissingOf(ledger).missing > 0)
  )
    await sleep(250);
  const processes = sampler.stop();
  const endedAt = Date.now();
  const statements = await topStatements(admin);
  // A batch of spans leaves next start every few seconds: wait for the last of this phase.
  if (collector) await sleep(6000);
  const missingMessages = await explainMissing(ledger, started);
  await Promise.all(users.map((u) => u.stop()));
  const elapsed = (performance.now() - started) / 1000;
  const byLabel = Object.fromEntries([...recorder.samples].map(([label, s]) => [label, figures(s)]));
  const all = recorder.all();
  const p95By10s = Array.from(
    { length: Math.ceil(secs / 10) },
    (_, i) => figures(recorder.between(started + i * 10_000, started + (i + 1) * 10_000).all()).p95,
  );
  const latency = [...ledger.latency].sort((a, b) => a - b);
  return {
    name,
    users: athletes.length,
    seconds: secs,
    byLabel,
    all: figures(all),
    p95By10s,
    rps: all.length / elapsed,
    messages: { ...missingOf(ledger), latencyP95: percentile(latency, 95) },
    teamMessages: {
      ...teamMissingOf(ledger),
      latencyP95: percentile(
        [...ledger.teamLatency].sort((a, b) => a - b),
        95,
      ),
    },
    joinFailures,
    processes,
    queue: queueSummary(queueFile, startedAt, endedAt),
    statements,
    ...(collector ? { traces: collector.summary(startedAt, endedAt) } : {}),
    fault: faultFigures,
    missingMessages,
  };
}

function missingOf(ledger: Ledger) {
  let delivered = 0;
  let caughtUp = 0;
  let missing = 0;
  let doubled = 0;
  for (const [id, { to }] of ledger.acked) {
    const times = ledger.delivered.get(to)?.get(id) ?? 0;
    if (times > 1) doubled++;
    if (times > 0) delivered++;
    else if (ledger.caughtUp.get(to)?.has(id)) caughtUp++;
    else missing++;
  }
  return { acked: ledger.acked.size, delivered, caughtUp, missing, doubled };
}

/** Team-chat messages: every (message, other member online) pair, delivered once, caught up, missing or doubled. */
function teamMissingOf(ledger: Ledger) {
  let deliveries = 0;
  let delivered = 0;
  let caughtUp = 0;
  let missing = 0;
  let doubled = 0;
  for (const [id, { to }] of ledger.teamAcked) {
    for (const member of to) {
      deliveries++;
      const times = ledger.delivered.get(member)?.get(id) ?? 0;
      if (times > 1) doubled++;
      if (times > 0) delivered++;
      else if (ledger.caughtUp.get(member)?.has(id)) caughtUp++;
      else missing++;
    }
  }
  return { acked: ledger.teamAcked.size, deliveries, delivered, caughtUp, missing, doubled };
}

function tally(outcomes: Ledger["outcomes"]) {
  const out = { ok: 0, "clear-error": 0, shed: 0, bad: 0 };
  for (const o of outcomes) out[o.outcome]++;
  return out;
}

/** Outcomes of the requests that started in [from, to), by kind. */
function outcomesBetween(ledger: Ledger, from: number, to: number) {
  return tally(ledger.outcomes.filter((o) => o.at >= from && o.at < to));
}

/**
 * What became of each acknowledged message the other side never saw: is it in public.messages (so it
 * was committed), still in the local Realtime queue (never taken), or in neither; when it was sent.
 */
async function explainMissing(ledger: Ledger, started: number) {
  const ids = [...ledger.acked].filter(([id, { to }]) => {
    if ((ledger.delivered.get(to)?.get(id) ?? 0) > 0) return false;
    return !ledger.caughtUp.get(to)?.has(id);
  });
  if (ids.length === 0) return [];
  const list = ids.map(([id]) => id);
  const stored = await admin<{ id: string; created_at: Date }[]>`
    select id::text, created_at from public.messages where id::text in ${admin(list)}`;
  const queued = await admin<{ id: string; change: string; commit_ts: Date }[]>`
    select record->>'id' as id, id::text as change, commit_ts from _local_realtime.changes
    where table_name = 'messages' and record->>'id' in ${admin(list)}`.catch(() => []);
  return ids.map(([id, { sentAt, ackedAt }]) => ({
    id,
    "sent (s into the run)": Math.round((sentAt - started) / 100) / 10,
    "acked after (ms)": Math.round(ackedAt - sentAt),
    committed: stored.some((r) => r.id === id),
    created_at: stored.find((r) => r.id === id)?.created_at ?? null,
    "still in the Realtime queue": queued.some((r) => r.id === id),
  }));
}

const faults: Record<string, Fault> = {
  async postgres({ at, ledger }) {
    await sleep(at(seconds / 3) - performance.now());
    const down = performance.now();
    await restartPostgres(3000);
    const back = performance.now();
    await sleep(Math.max(0, at(seconds) - performance.now()));
    // Recovery: the last request that started after the database was back and still failed.
    const failedAfter = ledger.outcomes.filter((o) => o.at >= back && o.outcome !== "ok").map((o) => o.at);
    const lastFailure = failedAfter.length ? Math.max(...failedAfter) : back;
    // Requests already on their way when it went down: started before, answered after.
    const inFlight = ledger.outcomes.filter((o) => o.at < down && o.at + o.ms > down);
    const overlapping = [...inFlight, ...ledger.outcomes.filter((o) => o.at >= down && o.at < back)];
    const notOk = ledger.outcomes.filter((o) => o.outcome !== "ok" && o.at + o.ms > down);
    return {
      "down for (ms)": Math.round(back - down),
      "in flight when it went down": tally(inFlight),
      "answers while down": outcomesBetween(ledger, down, back),
      "recovered after it was back (ms)": Math.round(lastFailure - back),
      "last failed answer came (ms after it was back)": Math.round(
        Math.max(0, ...notOk.map((o) => o.at + o.ms - back)),
      ),
      "longest answer of a request in flight or started while down (ms)": Math.round(
        Math.max(0, ...overlapping.map((o) => o.ms)),
      ),
      "answers after": outcomesBetween(ledger, back, Infinity),
      // Each failure, relative to when the restart began: label, outcome, time taken, what it said.
      failures: notOk.map((o) => ({
        "started (ms from down)": Math.round(o.at - down),
        ms: Math.round(o.ms),
        label: o.label,
        outcome: o.outcome,
        detail: o.detail,
      })),
    };
  },
  async "auth-slow"({ at, recorder, athletes }) {
    await sleep(at(seconds / 3) - performance.now());
    await setAuthFault({ delayMs: 2000 });
    const from = performance.now();
    const signInStarted = performance.now();
    const signedIn = await signIn(athletes[0]!.email).then(
      () => "yes",
      (e: Error) => e.message,
    );
    const signInMs = performance.now() - signInStarted;
    await sleep(at((2 * seconds) / 3) - performance.now());
    await setAuthFault({ delayMs: 0 });
    const to = performance.now();
    const window = recorder.between(from, to);
    const pages = [...window.samples].filter(([l]) => l.startsWith("page")).flatMap(([, s]) => s);
    return {
      "pages while slow": figures(pages),
      "a password sign-in took (ms)": Math.round(signInMs),
      "it answered": signedIn,
    };
  },
  async "auth-down"({ at, ledger, athletes }) {
    await sleep(at(seconds / 3) - performance.now());
    await setAuthFault({ down: true });
    const from = performance.now();
    const attempt = await signIn(athletes[0]!.email).then(
      () => "signed in?!",
      (e: Error) => e.message,
    );
    await sleep(at((2 * seconds) / 3) - performance.now());
    await setAuthFault({ down: false });
    const to = performance.now();
    return {
      "answers while Auth was down": outcomesBetween(ledger, from, to),
      "a sign-in attempt said": attempt,
    };
  },
  async realtime({ at }) {
    await sleep(at(seconds / 3) - performance.now());
    const { dropped } = (await dropRealtimeSockets()) as { dropped: number };
    return { "sockets dropped": dropped };
  },
};

function machine() {
  return `${cpus().length} cores (${cpus()[0]?.model.replace(/\s+/g, " ").trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB`;
}

const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)}` : "–");

function markdown(phases: Phase[], loadBefore: string, when: Date): string {
  const lines = [
    `Measured ${when.toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}; load average before the run ${loadBefore}. ` +
      `Each athlete: a page every 5–15 s (dashboard 30 %, browse with filters and pages 35 %, a team 15 %, their thread or their team chat + mark read 20 %), a message every 20 s, a team-chat message every 30 s (teams of three), an unread count per burst of arrivals.`,
    "",
    "| run | athletes | req/s | p50 / p95 / p99 ms, all | errors | shed (503 + Retry-After), share | messages acked → delivered once (caught up, missing, doubled) | send → other side p95 | team-chat messages acked → deliveries to each other member once (caught up, missing, doubled) | team-chat send → members p95 | Postgres connections in use, peak (open) | peak RSS MB / mean CPU %: next, Postgres, stand-in, load tool |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const p of phases) {
    const u = p.processes.usage;
    const proc = (k: string) => (u[k] ? `${u[k]!.peakRssMb} / ${u[k]!.meanCpuPct}` : "–");
    lines.push(
      `| ${p.name} | ${p.users} | ${p.rps.toFixed(1)} | ${ms(p.all.p50)} / ${ms(p.all.p95)} / ${ms(p.all.p99)} | ${p.all.errors} of ${p.all.count}${p.joinFailures ? ` (+${p.joinFailures} Realtime joins failed)` : ""} | ${p.all.shed}, ${(100 * shedShare(p.all)).toFixed(1)} % | ${p.messages.acked} → ${p.messages.delivered} (${p.messages.caughtUp}, ${p.messages.missing}, ${p.messages.doubled}) | ${ms(p.messages.latencyP95)} ms | ${p.teamMessages.acked} → ${p.teamMessages.delivered} of ${p.teamMessages.deliveries} (${p.teamMessages.caughtUp}, ${p.teamMessages.missing}, ${p.teamMessages.doubled}) | ${ms(p.teamMessages.latencyP95)} ms | ${p.processes.connections.peakInUse} (${p.processes.connections.peakOpen}) | ${proc("next start")}; ${proc("postgres")}; ${proc("stand-in (Auth, Realtime)")}; ${proc("load tool")} |`,
    );
  }
  // The knee over the load levels without a fault: where shedding starts or the p95 passes its mark.
  const kneeAt = knee(phases.filter((p) => !p.fault));
  lines.push(
    "",
    kneeAt === null
      ? `Knee: not reached (no level shed, every p95 within ${kneeP95Ms} ms).`
      : `Knee: ${kneeAt} athletes (the lowest level that shed or whose p95 passed ${kneeP95Ms} ms).`,
  );
  lines.push("", "Per page and action (p50 / p95 / p99 ms, errors of count; shed apart):", "");
  const labels = [...new Set(phases.flatMap((p) => Object.keys(p.byLabel)))].sort();
  lines.push(
    `| page or action | ${phases.map((p) => p.name).join(" | ")} |`,
    `| --- |${phases.map(() => " --- |").join("")}`,
  );
  for (const label of labels)
    lines.push(
      `| ${label} | ${phases
        .map((p) => {
          const f = p.byLabel[label];
          return f
            ? `${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)}, ${f.errors} of ${f.count}${f.shed ? `, ${f.shed} shed` : ""}`
            : "";
        })
        .join(" | ")} |`,
    );
  lines.push("", "p95 ms of all pages and actions, by 10 s of the run:", "");
  const slices = Math.max(...phases.map((p) => p.p95By10s.length));
  lines.push(
    `| run | ${Array.from({ length: slices }, (_, i) => `${i * 10}–${(i + 1) * 10} s`).join(" | ")} |`,
    `| --- |${" --- |".repeat(slices)}`,
  );
  for (const p of phases) lines.push(`| ${p.name} | ${p.p95By10s.map(ms).join(" | ")} |`);
  lines.push(...queueTable(phases));
  const withFaults = phases.filter((p) => p.fault);
  if (withFaults.length) {
    lines.push("", "Faults (under the same load):", "");
    // Each failure and missing message is listed in the JSON; here, how many of each kind.
    for (const p of withFaults) {
      const { failures, ...fault } = p.fault!;
      const kinds = new Map<string, number>();
      for (const f of (failures ?? []) as { label: string; outcome: string; detail?: string }[]) {
        const kind = `${f.label}: ${f.outcome}, ${(f.detail ?? "").slice(0, 60)}`;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      lines.push(`- **${p.name}**: ${JSON.stringify(fault)}`);
      for (const [kind, n] of kinds) lines.push(`  - ${n} × ${kind}`);
      for (const m of p.missingMessages) lines.push(`  - not seen by the other side: ${JSON.stringify(m)}`);
    }
  }
  return lines.join("\n") + "\n";
}

/** Where requests waited, per run: inside next start (event loop, pool) and in Postgres (pg_stat_activity). */
function queueTable(phases: Phase[]): string[] {
  const lines = [
    "",
    "Where requests waited (per second of the run: median, worst): the app's event-loop delay p99 and wait for a pooled connection p95 (with BEGIN), transactions per second, peak transactions waiting for a connection and running; Postgres connections (mean of samples) running a statement, idle inside a transaction (waiting for the app), and the wait events of those running:",
    "",
    "| run | event-loop delay p99 ms | pool wait p95 ms | transactions/s | peak waiting / running | running / idle in transaction | wait events (mean connections) |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const p of phases) {
    const q = p.queue;
    const d = p.processes.doing;
    const waits = Object.entries(d.waits)
      .sort((a, b) => b[1] - a[1])
      .map(([w, n]) => `${w} ${n}`)
      .join(", ");
    lines.push(
      q
        ? `| ${p.name} | ${ms(q.eventLoopDelayP99Ms.median)}, ${ms(q.eventLoopDelayP99Ms.worst)} | ${ms(q.poolWaitP95Ms.median)}, ${ms(q.poolWaitP95Ms.worst)} | ${ms(q.transactionsPerSecond)} | ${q.peakWaiting} / ${q.peakRunning} | ${d.running} / ${d.idleInTransaction} | ${waits || "none"} |`
        : `| ${p.name} | – | – | – | – | ${d.running} / ${d.idleInTransaction} | ${waits || "none"} |`,
    );
  }
  for (const p of phases) {
    const st = p.statements;
    lines.push(
      "",
      `Postgres's execution time in ${p.name} (pg_stat_statements): ${ms(st.totalMs)} ms over ${st.calls} statements, ${ms(st.totalMs / p.seconds)} ms a second; the statements that took most (role, calls, total / mean ms, rows):`,
      "",
    );
    for (const t of st.top)
      lines.push(
        `- ${t.role}, ${t.calls}, ${ms(t.totalMs)} / ${t.meanMs.toFixed(2)} ms, ${t.rows}: \`${t.query.slice(0, 160).replace(/`/g, "'")}\``,
      );
  }
  const traced = phases.filter((p) => p.traces?.length);
  for (const p of traced) {
    lines.push("", `Spans of ${p.name} by total time (count, p50 / p95 ms):`, "");
    for (const t of p.traces!) lines.push(`- ${t.name}: ${t.count}, ${ms(t.p50)} / ${ms(t.p95)}`);
  }
  return lines;
}

function writeReport(phases: Phase[], loadBefore: string, when: Date) {
  const md = markdown(phases, loadBefore, when);
  const dir = join("bench", "results");
  mkdirSync(dir, { recursive: true });
  const stamp = when.toISOString().slice(0, 19).replace(/[:T]/g, "-");
  writeFileSync(
    join(dir, `load-${stamp}.json`),
    JSON.stringify({ when, machine: machine(), loadBefore, phases }, null, 2),
  );
  writeFileSync(join(dir, `load-${stamp}.md`), md);
  // Only the full run (no --users, --seconds or --faults) is kept in git (latest-load.md) and replaces the
  // report in docs/performance.md.
  const full = !["users", "seconds", "faults", "fault-users"].some((name) => arg(name) !== undefined);
  if (full) {
    writeFileSync(join(dir, "latest-load.md"), md);
    writeBetweenMarkers(join("docs", "performance.md"), "load", md);
  }
  return md;
}

async function main() {
  const when = new Date();
  const loadBefore = loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  // Built in every run: a build inlines the stack's address, and a --test stack has new ports each time.
  // --skip-build: a second run inside the same stack (npx supabase-local --test -- sh -c '… ; … --skip-build').
  if (flag("skip-build")) log(`serving the build already in ${distDir}`);
  else {
    log(`building the app into ${distDir}`);
    execFileSync(join("node_modules", ".bin", "next"), ["build"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
    });
  }
  const base = await serve();
  const biggest = Math.max(...sizes, ...(faultList.length ? faultSizes : [0]));
  const athletes = await makeAthletes(admin, biggest + (biggest % 2), (s) => log(s));
  const teamIds = (await admin<{ id: string }[]>`select id from public.teams where status = 'open'`).map(
    (r) => r.id,
  );
  // In race week the server has been up for days. Before the clock runs, 15 s of the same mix, not
  // counted, so every page and action has been served and most athletes seen. Measured without it
  // (2026-11-27): the first 10 s of a 200-athlete run had p95 371–1,320 ms, every later 10 s 61–133 ms.
  // The table's "by 10 s" row still shows any slow start that is left.
  const warm = Math.min(biggest, 200);
  log(`warming up: ${warm} athletes for 15 s, not counted`);
  await runPhase("warm-up", base, athletes.slice(0, warm), teamIds, 15);
  await sleep(3000);
  const phases: Phase[] = [];
  for (const n of sizes) {
    phases.push(await runPhase(`${n} athletes`, base, athletes.slice(0, n), teamIds, seconds));
    await sleep(3000);
  }
  for (const name of faultList) {
    const fault = faults[name];
    if (!fault) throw new Error(`unknown fault ${name}`);
    for (const n of faultSizes) {
      phases.push(await runPhase(`${n} + ${name}`, base, athletes.slice(0, n), teamIds, seconds, fault));
      await sleep(3000);
    }
  }
  console.log("\n" + writeReport(phases, loadBefore, when));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await setAuthFault({ delayMs: 0, down: false }).catch(() => {});
    server?.kill("SIGINT");
    // A CPU profile is written as next start exits: give it time.
    await sleep(flag("cpu-prof") ? 5000 : 500);
    await admin.end({ timeout: 1 }).catch(() => {});
    collector?.stop();
    rmSync(queueFile, { force: true });
    process.exit();
  });

/**
 * Realtime target: commit → client callback latency with many subscribers (docs/performance.md#bench: p95 ≤ 50 ms, 100 subscribers).
 * Part of `npm run bench` (`-- --only=realtime`); on its own: `npx supabase-local --test -- supabase-local bench
 * realtime [--subscribers=100 --users=100 --inserts=200 --gap-ms=50]`. It runs inside
 * `supabase-local --test` (throwaway database, loopback only), opens one supabase-js client per subscriber,
 * each signed in as one of `users` distinct accounts (distinct tokens = the costliest case for the RLS
 * check), commits the inserts one at a time, prints p50/p95/max and stops by itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { adminSql, anonClient, eventually, signedInUser, subscribe } from "./test-support.ts";

const arg = (name: string, fallback: number, min = 1) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = hit ? Number(hit.split("=")[1]) : fallback;
  if (!Number.isInteger(value) || value < min || value > 1000)
    throw new Error(`--${name} must be an integer ${min}..1000`);
  return value;
};
const SUBSCRIBERS = arg("subscribers", 100);
const USERS = Math.min(arg("users", 100), SUBSCRIBERS);
const INSERTS = arg("inserts", 200);
// Pause between commits: the figure is latency, not queueing behind a self-made burst.
const GAP_MS = arg("gap-ms", 50, 0);
const TARGET_P95_MS = 50;
const DEADLINE_MS = 300_000;

// Never point this at a hosted project: it creates tables and users.
const url = new URL(process.env.NEXT_PUBLIC_SUPABASE_URL ?? "http://invalid");
if (!process.env.LOCAL_DB_ADMIN_URL || !["127.0.0.1", "localhost"].includes(url.hostname)) {
  console.error("realtime/bench.ts runs only inside the local stack (npm run bench).");
  process.exit(2);
}
const watchdog = setTimeout(() => {
  console.error(`realtime/bench.ts: gave up after ${DEADLINE_MS / 1000} s`);
  process.exit(1);
}, DEADLINE_MS);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const fmt = (n: number) => `${n.toFixed(1)} ms`;

/** CPU ms (user + system) of `root` and its descendants, read from /proc (Linux; null elsewhere). */
function treeCpuMs(root: number): number | null {
  try {
    const procs = readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .flatMap((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
          return [{ pid: Number(pid), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) }];
        } catch {
          return [];
        }
      });
    const inTree = new Set([root]);
    for (let grew = true; grew;) {
      grew = false;
      for (const p of procs) {
        if (inTree.has(p.pid) || !inTree.has(p.ppid)) continue;
        inTree.add(p.pid);
        grew = true;
      }
    }
    // Kernel clock ticks are 10 ms on Linux (USER_HZ = 100).
    return procs.filter((p) => inTree.has(p.pid)).reduce((sum, p) => sum + p.ticks * 10, 0);
  } catch {
    return null;
  }
}
// Run standalone, the stack (API server with Realtime, and Postgres) is our parent: the bin runs this script.
const stackCpu = () => {
  const tree = treeCpuMs(process.ppid);
  const self = process.cpuUsage();
  return tree === null ? null : { all: tree, self: (self.user + self.system) / 1000 };
};

const sql = adminSql();
await sql.unsafe(`
  drop table if exists public.rt_bench;
  create table public.rt_bench (id bigint generated always as identity primary key, seq int not null,
    owner uuid not null, body text not null, created_at timestamptz not null default now());
  alter table public.rt_bench enable row level security;
  create policy rt_bench_members on public.rt_bench for select to authenticated using (auth.uid() is not null);
  grant select on public.rt_bench to authenticated;
  alter publication supabase_realtime add table public.rt_bench;`);

let t = performance.now();
const users: Awaited<ReturnType<typeof signedInUser>>[] = [];
// Ten at a time: sign-ins hash passwords (bcrypt), so this is the slow part of the setup.
while (users.length < USERS) {
  const batch = Math.min(10, USERS - users.length);
  users.push(...(await Promise.all(Array.from({ length: batch }, () => signedInUser()))));
}
const clients = [...users.map((u) => u.client)];
while (clients.length < SUBSCRIBERS) {
  const user = users[clients.length % USERS]!;
  const extra = anonClient();
  await extra.realtime.setAuth(user.token);
  clients.push(extra);
}
const arrivals = clients.map(() => new Map<number, number>());
await Promise.all(
  clients.map((c, i) =>
    subscribe(c, `bench-${i}`, { event: "INSERT", schema: "public", table: "rt_bench" }, (p) =>
      arrivals[i]!.set(p.new.seq as number, performance.now()),
    ),
  ),
);
console.log(
  `setup: ${USERS} users, ${SUBSCRIBERS} subscribed clients in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);

const sent: number[] = [];
const acked: number[] = [];
const owner = users[0]!.id;
const cpuBefore = stackCpu();
t = performance.now();
for (let seq = 0; seq < INSERTS; seq++) {
  sent[seq] = performance.now();
  await sql`insert into public.rt_bench (seq, owner, body) values (${seq}, ${owner}, ${"lap " + seq})`;
  acked[seq] = performance.now();
  await new Promise((r) => setTimeout(r, GAP_MS));
}
await eventually(() => arrivals.every((m) => m.size === INSERTS), 30_000, "every delivery").catch(
  () => undefined,
);
const elapsed = performance.now() - t;
const cpuAfter = stackCpu();

const fromSend: number[] = [];
const fromAck: number[] = [];
let missing = 0;
for (const m of arrivals) {
  for (let seq = 0; seq < INSERTS; seq++) {
    const at = m.get(seq);
    if (at === undefined) missing++;
    else {
      fromSend.push(at - sent[seq]!);
      fromAck.push(Math.max(0, at - acked[seq]!));
    }
  }
}
fromSend.sort((a, b) => a - b);
fromAck.sort((a, b) => a - b);
const p95 = pct(fromSend, 95);
console.log(
  `${INSERTS} inserts (${GAP_MS} ms apart) × ${SUBSCRIBERS} subscribers = ${fromSend.length} callbacks in ${(elapsed / 1000).toFixed(1)} s, ${missing} missing`,
);
console.log(
  `INSERT sent → callback (upper bound of commit → callback): p50 ${fmt(pct(fromSend, 50))}  p95 ${fmt(p95)}  max ${fmt(fromSend.at(-1)!)}`,
);
console.log(
  `COMMIT acknowledged → callback:                          p50 ${fmt(pct(fromAck, 50))}  p95 ${fmt(pct(fromAck, 95))}  max ${fmt(fromAck.at(-1)!)}`,
);
if (cpuBefore && cpuAfter) {
  const clients = cpuAfter.self - cpuBefore.self;
  const server = cpuAfter.all - cpuBefore.all - clients;
  console.log(
    `CPU per insert: stack + Postgres ${fmt(server / INSERTS)}, the ${SUBSCRIBERS} supabase-js clients ${fmt(clients / INSERTS)}`,
  );
}
console.log(
  `machine load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)} on ${navigator.hardwareConcurrency} CPUs`,
);
console.log(`target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? "met" : "MISSED"}`);
// One machine-readable line for `npm run bench`, which folds this figure into its table.
console.log(
  `BENCH_RESULT ${JSON.stringify({ subscribers: SUBSCRIBERS, inserts: INSERTS, p50: pct(fromSend, 50), p95, missing })}`,
);

for (const c of clients) {
  await c.removeAllChannels();
  c.realtime.disconnect();
}
await sql.unsafe(
  `alter publication supabase_realtime drop table public.rt_bench; drop table public.rt_bench`,
);
await sql.end();
clearTimeout(watchdog);
process.exit(missing === 0 ? 0 : 1);

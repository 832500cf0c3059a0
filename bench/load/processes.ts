/**
 * Memory and CPU of each process on the machine's side of the test, read from /proc (Linux) every two
 * seconds: the app (`next start` and its children), Postgres (the postmaster and its backends), the
 * stand-in (Auth, Realtime, mailbox: the supabase-local process) and this load tool. Plus Postgres
 * connections in use, from pg_stat_activity, and what they were doing: running a statement (and waiting on
 * what inside Postgres: a lock, I/O…) or idle inside a transaction, that is, waiting for the app to send
 * the next statement (a connection held while the app's JavaScript is busy elsewhere).
 */
import { readdirSync, readFileSync } from "node:fs";
import type postgres from "postgres";

const TICKS = 100; // USER_HZ on Linux
const PAGE = 4096;

type Stat = { pid: number; ppid: number; ticks: number; rss: number };

function stat(pid: number): Stat | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, rss 24.
    return {
      pid,
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      rss: Number(fields[21]) * PAGE,
    };
  } catch {
    return null;
  }
}

function allStats(): Stat[] {
  const out: Stat[] = [];
  for (const name of readdirSync("/proc"))
    if (/^\d+$/.test(name)) {
      const s = stat(Number(name));
      if (s) out.push(s);
    }
  return out;
}

/** `root` and every process below it. */
function tree(stats: Stat[], root: number): Stat[] {
  const ids = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of stats)
      if (!ids.has(s.pid) && ids.has(s.ppid)) {
        ids.add(s.pid);
        grew = true;
      }
  }
  return stats.filter((s) => ids.has(s.pid));
}

/** CPU time (ms) used so far by `root` and every process below it: 0 where there is no /proc. */
export function treeCpuMs(root: number): number {
  return (tree(allStats(), root).reduce((sum, s) => sum + s.ticks, 0) * 1000) / TICKS;
}

export function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** The stand-in: the nearest ancestor of this process whose command line names supabase-local. */
export function standInPid(): number | null {
  let pid = process.ppid;
  for (let i = 0; i < 10 && pid > 1; i++) {
    if (cmdline(pid).includes("supabase-local")) return pid;
    pid = stat(pid)?.ppid ?? 1;
  }
  return null;
}

const mean = (sum: number, n: number) => (n ? +(sum / n).toFixed(2) : 0);

export type Usage = { peakRssMb: number; meanCpuPct: number };
export type Snapshot = Record<string, Usage> & {};

export class ProcessSampler {
  private timer: ReturnType<typeof setInterval> | null = null;
  private last = new Map<string, { ticks: number; at: number }>();
  private peak = new Map<string, number>();
  private cpu = new Map<string, number[]>();
  private connections = { open: 0, active: 0, samples: [] as number[] };
  private doing = { samples: 0, running: 0, idleInTransaction: 0, waits: new Map<string, number>() };

  private readonly roots: () => Record<string, { root: number; only?: boolean } | null>;
  private readonly sql: postgres.Sql;
  private readonly appUser: string;

  constructor(
    roots: () => Record<string, { root: number; only?: boolean } | null>,
    sql: postgres.Sql,
    appUser: string,
  ) {
    this.roots = roots;
    this.sql = sql;
    this.appUser = appUser;
  }

  private sample() {
    const stats = allStats();
    const now = performance.now();
    for (const [name, spec] of Object.entries(this.roots())) {
      if (!spec) continue;
      const procs = spec.only ? stats.filter((s) => s.pid === spec.root) : tree(stats, spec.root);
      const ticks = procs.reduce((a, s) => a + s.ticks, 0);
      const rss = procs.reduce((a, s) => a + s.rss, 0);
      this.peak.set(name, Math.max(this.peak.get(name) ?? 0, rss));
      const prev = this.last.get(name);
      if (prev && now > prev.at) {
        const pct = ((ticks - prev.ticks) / TICKS / ((now - prev.at) / 1000)) * 100;
        if (pct >= 0) (this.cpu.get(name) ?? this.cpu.set(name, []).get(name)!).push(pct);
      }
      this.last.set(name, { ticks, at: now });
    }
    void this.sql<
      {
        open: number;
        active: number;
        running: number;
        idle_in_tx: number;
        waits: Record<string, number> | null;
      }[]
    >`
      select count(*)::int as open, (count(*) filter (where state <> 'idle'))::int as active,
             (count(*) filter (where state = 'active'))::int as running,
             (count(*) filter (where state like 'idle in transaction%'))::int as idle_in_tx,
             (select jsonb_object_agg(w, n) from (
                select wait_event_type || ':' || wait_event as w, count(*)::int as n from pg_stat_activity
                where backend_type = 'client backend' and usename = ${this.appUser} and state = 'active'
                  and wait_event is not null group by 1) x) as waits
      from pg_stat_activity where backend_type = 'client backend' and usename = ${this.appUser}`.then(
      ([row]) => {
        this.connections.open = Math.max(this.connections.open, row!.open);
        this.connections.active = Math.max(this.connections.active, row!.active);
        this.connections.samples.push(row!.active);
        this.doing.samples++;
        this.doing.running += row!.running;
        this.doing.idleInTransaction += row!.idle_in_tx;
        for (const [w, n] of Object.entries(row!.waits ?? {}))
          this.doing.waits.set(w, (this.doing.waits.get(w) ?? 0) + n);
      },
      () => {},
    );
  }

  start() {
    this.sample();
    this.timer = setInterval(() => this.sample(), 2000);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    const usage: Record<string, Usage> = {};
    for (const [name, peak] of this.peak) {
      const cpu = this.cpu.get(name) ?? [];
      usage[name] = {
        peakRssMb: Math.round(peak / 1024 / 1024),
        meanCpuPct: Math.round(cpu.reduce((a, b) => a + b, 0) / Math.max(1, cpu.length)),
      };
    }
    const s = this.connections.samples;
    return {
      usage,
      connections: {
        peakOpen: this.connections.open,
        peakInUse: this.connections.active,
        meanInUse: s.length ? +(s.reduce((a, b) => a + b, 0) / s.length).toFixed(1) : 0,
      },
      // Means over the samples: connections running a statement, idle in a transaction, and (of those
      // running) waiting on each kind of event inside Postgres.
      doing: {
        running: mean(this.doing.running, this.doing.samples),
        idleInTransaction: mean(this.doing.idleInTransaction, this.doing.samples),
        waits: Object.fromEntries([...this.doing.waits].map(([w, n]) => [w, mean(n, this.doing.samples)])),
      },
    };
  }
}

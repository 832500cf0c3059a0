import { accessSync, constants, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectRoot } from "./config.ts";
import { StackError } from "./errors.ts";
import * as cluster from "./postgres/cluster.ts";

/** Data folders of the stack: who owns them, and what a killed stack left behind. */

function shown(dir: string): string {
  const rel = path.relative(projectRoot, dir);
  return rel && !rel.startsWith("..") ? rel : dir;
}

/** Who holds the --dev data folder: a second start must not share the cluster. */
export function claimDir(dir: string): () => void {
  const lock = path.join(dir, "stack.pid");
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, "utf8"));
    if (pid && pid !== process.pid && cluster.isAlive(pid)) {
      throw new StackError(
        `The local stack is already running (pid ${pid}, data in ${shown(dir)}). Use it, or stop it (Ctrl+C in its terminal) before starting another.`,
      );
    }
  }
  writeFileSync(lock, String(process.pid));
  return () => {
    if (existsSync(lock) && Number(readFileSync(lock, "utf8")) === process.pid) rmSync(lock, { force: true });
  };
}

/** A Postgres left running by a killed stack (SIGKILL orphans it) or a stale postmaster.pid. */
export async function clearLeftovers(pgdata: string, log: (line: string) => void): Promise<void> {
  const pid = cluster.postmasterPid(pgdata);
  if (!pid) return;
  if (cluster.isAlive(pid)) {
    log(`Stopping a Postgres (pid ${pid}) left running by an earlier stack that did not shut down…`);
    process.kill(pid, "SIGINT");
    for (let i = 0; i < 100 && cluster.isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
    if (cluster.isAlive(pid)) {
      throw new StackError(
        `A leftover Postgres (pid ${pid}) holds ${pgdata} and did not stop. Run: kill ${pid}, then start again.`,
      );
    }
  } else {
    log(`Removed a stale postmaster.pid (pid ${pid} is gone) left by a stack that was killed.`);
    rmSync(path.join(pgdata, "postmaster.pid"), { force: true });
  }
}

/**
 * Where --test clusters live: tmpfs (/dev/shm) when there is one, since a throwaway cluster needs no disk and
 * on a busy machine copying it to disk took seconds (to tmpfs: ~0.1-0.3 s); else the OS temp folder.
 */
export function throwawayRoot(): string {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return tmpdir();
  }
}

/**
 * Throwaway clusters of --test stacks that were killed with SIGKILL (their wrapper pid is gone): stop their
 * Postgres and delete the folder, in the background, so they do not pile up in /tmp.
 */
export function sweepAbandonedTestDirs(current: string): void {
  const root = path.dirname(current);
  for (const name of readdirSync(root)) {
    const dir = path.join(root, name);
    if (!name.startsWith("supabase-local-") || dir === current) continue;
    try {
      const pidFile = path.join(dir, "stack.pid");
      // Only folders that name their wrapper: without stack.pid we cannot tell whether it is still starting.
      const owner = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8")) : 0;
      if (!owner || cluster.isAlive(owner)) continue;
      const pg = cluster.postmasterPid(path.join(dir, "db"));
      if (pg && cluster.isAlive(pg)) process.kill(pg, "SIGINT");
      const remove = (tries: number) => {
        if (pg && cluster.isAlive(pg) && tries > 0)
          return void setTimeout(() => remove(tries - 1), 200).unref();
        rmSync(dir, { recursive: true, force: true });
      };
      remove(25);
    } catch {
      // Someone else's folder or already gone: not ours to worry about.
    }
  }
}

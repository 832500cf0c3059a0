import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { StorageConfig } from "../config.ts";
import { applyConfigBuckets } from "./buckets.ts";
import type { StorageContext } from "./context.ts";

export type StorageOptions = {
  /** Connection string of `supabase_storage_admin`, the login hosted Storage uses. */
  dbUrl: string;
  /** The stack's data folder: objects go to <dir>/storage. */
  dir: string;
  /** --dev: keep the URL signing key with the data, so signed URLs outlive a restart. */
  keep: boolean;
  config: StorageConfig;
  publishableKey: string;
  secretKey: string;
};

function urlSigningKey(dir: string, keep: boolean): Uint8Array {
  const file = path.join(dir, "storage-url-key");
  if (keep && existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  const key = randomBytes(32);
  if (keep) writeFileSync(file, key.toString("base64url"), { mode: 0o600 });
  return key;
}

/** Storage's connection pool, folder and keys, with config.toml's buckets applied as the CLI applies them. */
export async function startStorage(options: StorageOptions): Promise<StorageContext> {
  const objectsDir = path.join(options.dir, "storage");
  mkdirSync(objectsDir, { recursive: true });
  const sql = postgres(options.dbUrl, {
    max: 5,
    onnotice: () => {},
    idle_timeout: 30,
    backoff: () => 0.1,
    connection: { application_name: "local-storage" },
  });
  const ctx: StorageContext = {
    sql,
    dir: objectsDir,
    globalFileSizeLimit: options.config.file_size_limit,
    urlSigningKey: urlSigningKey(options.dir, options.keep),
    publishableKey: options.publishableKey,
    secretKey: options.secretKey,
  };
  try {
    await applyConfigBuckets(ctx, options.config.buckets);
  } catch (error) {
    await sql.end({ timeout: 1 });
    throw error;
  }
  return ctx;
}

import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type postgres from "postgres";
import { projectRoot } from "../config.ts";
import { StackError } from "../errors.ts";

const bootstrapFile = path.join(import.meta.dirname, "../bootstrap.sql");
// Storage's schema (storage.buckets, storage.objects, its role and helpers), applied right after bootstrap.sql.
const storageSchemaFile = path.join(import.meta.dirname, "../storage/schema.sql");
export const migrationsDir = path.join(projectRoot, "supabase/migrations");
export const seedFile = path.join(projectRoot, "supabase/seed.sql");

/** Runs one SQL file; failures name the file, the line and Postgres' message. */
async function runFile(
  sql: postgres.Sql | postgres.TransactionSql,
  file: string,
  text: string,
): Promise<void> {
  try {
    await sql.unsafe(text);
  } catch (error) {
    const e = error as { message: string; position?: string };
    const line = e.position ? ` (line ${text.slice(0, Number(e.position)).split("\n").length})` : "";
    throw new StackError(`${path.relative(projectRoot, file)} failed${line}: ${e.message}`);
  }
}

/**
 * bootstrap.sql (run as the superuser) is idempotent, but skipping it when unchanged keeps warm starts
 * fast. Its hash lives in the stand-in's own schema, which nobody but the superuser reaches.
 */
export async function applyBootstrap(sql: postgres.Sql): Promise<"applied" | "unchanged"> {
  const text = readFileSync(bootstrapFile, "utf8");
  const storageText = readFileSync(storageSchemaFile, "utf8");
  const hash = createHash("sha256").update(text).update("\0").update(storageText).digest("hex");
  const [done] = await sql<
    { ok: boolean }[]
  >`select to_regclass('supabase_local.bootstrap') is not null as ok`;
  if (done?.ok) {
    const [row] = await sql<{ hash: string }[]>`select hash from supabase_local.bootstrap`;
    if (row?.hash === hash) return "unchanged";
  }
  await sql.begin(async (tx) => {
    await runFile(tx, bootstrapFile, text);
    await runFile(tx, storageSchemaFile, storageText);
    await tx.unsafe(`create schema if not exists supabase_local;
      create table if not exists supabase_local.bootstrap (hash text not null)`);
    await tx`delete from supabase_local.bootstrap`;
    await tx`insert into supabase_local.bootstrap (hash) values (${hash})`;
  });
  return "applied";
}

/**
 * Migrations in name order, each once and in its own transaction, recorded like the Supabase CLI does.
 * `sql` logs in as `postgres` (not a superuser), as `supabase db push` does on hosted.
 */
export async function applyMigrations(sql: postgres.Sql, dir = migrationsDir): Promise<string[]> {
  await sql.unsafe(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text);
    create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null)`);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".sql"))
        .sort()
    : [];
  const done = new Set(
    (await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map(
      (r) => r.version,
    ),
  );
  // Like `supabase db push`, refuse a database that has migrations this folder no longer has (folded or
  // renamed ones): applying the new files on top of the old ones would fail halfway or double objects.
  const known = new Set(files.map((f) => f.split("_")[0]));
  const missing = [...done].filter((v) => !known.has(v)).sort();
  if (missing.length) {
    throw new StackError(
      `The local database has migrations that supabase/migrations no longer has (${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", …" : ""}). Start once with --reset to rebuild it from the current migrations; local data is lost.`,
    );
  }
  const applied: string[] = [];
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, "").split("_");
    if (!version || done.has(version)) continue;
    const text = readFileSync(path.join(dir, file), "utf8");
    await sql.begin(async (tx) => {
      await runFile(tx, path.join(dir, file), text);
      await tx`insert into supabase_migrations.schema_migrations (version, name, statements)
               values (${version}, ${rest.join("_")}, ${[text]})`;
    });
    applied.push(file);
  }
  return applied;
}

/** Hash of everything that shapes a new database, and the hour: a cluster cached with this key needs none of it re-run. */
export function schemaKey(dir = migrationsDir, seed = seedFile): string {
  const hash = createHash("sha256")
    .update(readFileSync(bootstrapFile))
    .update(readFileSync(storageSchemaFile));
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".sql"))
        .sort()
    : [];
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(path.join(dir, file)));
  hash.update("\0seed\0").update(existsSync(seed) ? readFileSync(seed) : "");
  // The seed's dates count from when it ran (a request made a day ago, an urgent need for 3 days), so a
  // seeded cluster is copied only within the hour it was made: one run's stacks share it, later ones reseed.
  hash.update(`\0made\0${new Date().toISOString().slice(0, 13)}`);
  return hash.digest("hex").slice(0, 16);
}

export type SeedResult = "seeded" | "already-seeded" | "changed-since-seeded" | "no-seed-file";

/** supabase/seed.sql runs once, on a fresh database (as `supabase db reset` would), as `postgres`. */
export async function applySeed(sql: postgres.Sql, file = seedFile): Promise<SeedResult> {
  if (!existsSync(file)) return "no-seed-file";
  const text = readFileSync(file, "utf8");
  const hash = createHash("sha256").update(text).digest("hex");
  const [row] = await sql<
    { hash: string }[]
  >`select hash from supabase_migrations.seed_files where path = 'seed.sql'`;
  if (row) return row.hash === hash ? "already-seeded" : "changed-since-seeded";
  await sql.begin(async (tx) => {
    await runFile(tx, file, text);
    await tx`insert into supabase_migrations.seed_files (path, hash) values ('seed.sql', ${hash})`;
  });
  return "seeded";
}

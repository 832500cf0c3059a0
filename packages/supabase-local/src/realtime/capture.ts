import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type postgres from "postgres";

/**
 * Change capture installed by the stand-in only (never a migration: hosted Supabase captures changes
 * from the WAL). A row trigger on every table of the `supabase_realtime` publication stores the change
 * in an unlogged table and NOTIFYs its id, so rows of any size get through (NOTIFY payloads cap at
 * 8000 bytes). NOTIFY is delivered at COMMIT, so rolled-back changes never reach a subscriber.
 */
export const SCHEMA = "_local_realtime";
export const CHANNEL = "_local_realtime_changes";

const INSTALL_SQL = readFileSync(new URL("./capture.sql", import.meta.url), "utf8");

// Recorded on the schema so a warm start (persistent dev database) skips the DDL when nothing changed.
const VERSION = `local-realtime ${createHash("sha256").update(INSTALL_SQL).digest("hex").slice(0, 16)}`;

/** Installs (or refreshes) the capture machinery; safe to run again, also while another stand-in runs. */
export async function installCapture(sql: postgres.Sql): Promise<void> {
  await sql.begin(async (tx) => {
    // One installer at a time: concurrent CREATE OR REPLACE of the same function can fail.
    await tx`select pg_advisory_xact_lock(hashtext(${SCHEMA}))`;
    const [installed] = await tx<{ version: string | null }[]>`
      select obj_description(oid, 'pg_namespace') as version from pg_namespace where nspname = ${SCHEMA}`;
    if (installed?.version !== VERSION) {
      await tx.unsafe(INSTALL_SQL);
      await tx.unsafe(`comment on schema ${SCHEMA} is '${VERSION}'`);
    }
    await tx.unsafe(`select ${SCHEMA}.sync()`);
  });
  await sweepChanges(sql);
}

/**
 * Drops queued changes nobody will take: recorded while no stand-in was listening (their NOTIFY is
 * gone), or left by a failed delivery. Age-based, so a second install never races a running one.
 */
export async function sweepChanges(sql: postgres.Sql): Promise<void> {
  await sql.unsafe(`delete from ${SCHEMA}.changes where commit_ts < clock_timestamp() - interval '1 minute'`);
}

export type ChangeRow = {
  id: string;
  relid: number;
  schema_name: string;
  table_name: string;
  op: "INSERT" | "UPDATE" | "DELETE";
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_ts: Date;
  columns: { name: string; type: string }[];
  pk: string[];
  replica_full: boolean;
  rls: boolean;
};

/**
 * Reads the given changes (one round trip) with what delivery needs about their tables. They stay in the
 * queue until `dropChanges`, after delivery: taken off first, a change was lost whenever delivery then
 * failed (the database going away between the two, as in a restart under load).
 */
export async function readChanges(sql: postgres.Sql, ids: string[]): Promise<ChangeRow[]> {
  return sql.unsafe<ChangeRow[]>(
    `with taken as (select * from ${SCHEMA}.changes where id = any(string_to_array($1, ',')::bigint[])),
     meta as (
       select r.relid,
         coalesce((select jsonb_agg(jsonb_build_object('name', a.attname, 'type', ty.typname) order by a.attnum)
                   from pg_attribute a join pg_type ty on ty.oid = a.atttypid
                   where a.attrelid = r.relid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
         coalesce((select array_agg(a.attname::text order by a.attnum)
                   from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                   where i.indrelid = r.relid and i.indisprimary), '{}') as pk,
         coalesce(c.relreplident = 'f', false) as replica_full,
         coalesce(c.relrowsecurity, false) as rls
       from (select distinct relid from taken) r left join pg_class c on c.oid = r.relid)
     select t.id::text, t.relid::int, t.schema_name, t.table_name, t.op, t.record, t.old_record, t.commit_ts,
       m.columns, m.pk, m.replica_full, m.rls
     from taken t join meta m using (relid) order by t.id`,
    [ids.join(",")],
  );
}

/** Takes delivered changes off the queue. */
export async function dropChanges(sql: postgres.Sql, ids: string[]): Promise<void> {
  await sql.unsafe(`delete from ${SCHEMA}.changes where id = any(string_to_array($1, ',')::bigint[])`, [
    ids.join(","),
  ]);
}

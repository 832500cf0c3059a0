import { createHash } from "node:crypto";
import type postgres from "postgres";

/**
 * Change capture installed by the stand-in only (never a migration: hosted Supabase captures changes
 * from the WAL). A row trigger on every table of the `supabase_realtime` publication stores the change
 * in an unlogged table and NOTIFYs its id, so rows of any size get through (NOTIFY payloads cap at
 * 8000 bytes). NOTIFY is delivered at COMMIT, so rolled-back changes never reach a subscriber.
 */
export const SCHEMA = "_local_realtime";
export const CHANNEL = "_local_realtime_changes";
const TRIGGER = "_local_realtime_capture";

const INSTALL_SQL = /* sql */ `
create schema if not exists ${SCHEMA};
revoke all on schema ${SCHEMA} from public;

create unlogged table if not exists ${SCHEMA}.changes (
  id bigint generated always as identity primary key,
  relid oid not null,
  schema_name text not null,
  table_name text not null,
  op text not null,
  record jsonb,
  old_record jsonb,
  commit_ts timestamptz not null default clock_timestamp()
);

-- Runs as the table writer, so it must own the right to write the queue: SECURITY DEFINER with a
-- pinned search_path, owned by the superuser that installs it.
create or replace function ${SCHEMA}.capture() returns trigger
language plpgsql security definer set search_path = pg_catalog, pg_temp as $fn$
declare
  change_id bigint;
begin
  insert into ${SCHEMA}.changes (relid, schema_name, table_name, op, record, old_record)
  values (
    tg_relid, tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  )
  returning id into change_id;
  perform pg_notify('${CHANNEL}', change_id::text);
  return null;
end
$fn$;

-- Puts the capture trigger on every published table and takes it off tables that left the publication.
create or replace function ${SCHEMA}.sync() returns void
language plpgsql security definer set search_path = pg_catalog, pg_temp as $fn$
declare
  rel regclass;
begin
  for rel in
    select c.oid::regclass
    from pg_publication_tables pt
    join pg_namespace n on n.nspname = pt.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
    where pt.pubname = 'supabase_realtime' and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = '${TRIGGER}')
  loop
    execute format(
      'create trigger ${TRIGGER} after insert or update or delete on %s for each row execute function ${SCHEMA}.capture()',
      rel);
  end loop;
  for rel in
    select t.tgrelid::regclass
    from pg_trigger t
    where t.tgname = '${TRIGGER}'
      and not exists (
        select 1 from pg_publication_tables pt
        join pg_namespace n on n.nspname = pt.schemaname
        join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
        where pt.pubname = 'supabase_realtime' and c.oid = t.tgrelid)
  loop
    execute format('drop trigger ${TRIGGER} on %s', rel);
  end loop;
end
$fn$;

-- Event triggers fire for every role (e.g. an app role creating a temp table), so this runs as its owner:
-- the roles themselves may not execute sync().
create or replace function ${SCHEMA}.on_ddl() returns event_trigger
language plpgsql security definer set search_path = pg_catalog, pg_temp as $fn$
begin
  perform ${SCHEMA}.sync();
end
$fn$;

drop event trigger if exists _local_realtime_publication;
create event trigger _local_realtime_publication on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE')
  execute function ${SCHEMA}.on_ddl();

-- Row visibility, generic path: for each claim set it switches to the subscriber's role and claims
-- (transaction-local, as PostgREST and lib/db do) and selects the row by its primary key, so RLS policies
-- and grants decide exactly as they would for that user. Each check is isolated, so one failing policy
-- hides the row from that subscriber only. Slower than the per-table checkers below (dynamic SQL is
-- planned every time), so it is the fallback.
create or replace function ${SCHEMA}.visibility(rel regclass, pk jsonb, claim_sets jsonb) returns jsonb
language plpgsql set search_path = pg_catalog, pg_temp as $fn$
declare
  cond text;
  q text;
  cs jsonb;
  seen boolean;
  result jsonb := '[]';
begin
  select string_agg(format('x.%1$I = (select r.%1$I from jsonb_populate_record(null::%2$s, $1) r)', k, rel), ' and ')
    into cond from jsonb_object_keys(pk) k;
  q := format('select exists (select 1 from %s x where %s)', rel, coalesce(cond, 'false'));
  for cs in select value from jsonb_array_elements(claim_sets) loop
    seen := false;
    begin
      perform set_config('role', cs->>'role', true);
      perform set_config('request.jwt.claims', (cs->'claims')::text, true);
      execute q using pk into seen;
    exception when others then
      seen := false;
    end;
    result := result || to_jsonb(coalesce(seen, false));
  end loop;
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
  return result;
end
$fn$;

-- Fast path: a checker function per published table with the primary-key lookup as static SQL, so
-- PL/pgSQL keeps its plan across calls (re-planned only when the role changes; callers sort claim sets
-- by role), and every row of a batch is checked per claim set in one statement. With 100 subscribers it
-- is about ten times cheaper than the generic path. Returns one array of booleans (per row) per claim set.
create or replace function ${SCHEMA}.make_checker(rel regclass, pk text[]) returns text
language plpgsql set search_path = pg_catalog, pg_temp as $fn$
declare
  name text := 'visible_' || rel::oid;
  cond text;
  privs text;
begin
  select string_agg(format('x.%1$I = k.%1$I', c), ' and '),
         string_agg(format('has_column_privilege(last_role, %L::regclass, %L, ''SELECT'')', rel::text, c), ' and ')
    into cond, privs from unnest(pk) c;
  execute format($body$
    create or replace function ${SCHEMA}.%1$I(keys jsonb, claim_sets jsonb) returns jsonb
    language plpgsql set search_path = pg_catalog, pg_temp as $chk$
    declare
      cs jsonb;
      result jsonb := '[]';
      seen jsonb;
      can boolean := false;
      last_role text;
      none jsonb := (select coalesce(jsonb_agg(false), '[]') from jsonb_array_elements(keys));
    begin
      for cs in select value from jsonb_array_elements(claim_sets) loop
        if cs->>'role' is distinct from last_role then
          last_role := cs->>'role';
          can := %4$s;
          perform set_config('role', last_role, true);
        end if;
        perform set_config('request.jwt.claims', (cs->'claims')::text, true);
        seen := none;
        if can then
          select coalesce(jsonb_agg(exists (select 1 from %2$s x where %3$s) order by k.ordinality), '[]') into seen
          from jsonb_populate_recordset(null::%2$s, keys) with ordinality as k;
        end if;
        result := result || jsonb_build_array(seen);
      end loop;
      perform set_config('role', 'none', true);
      perform set_config('request.jwt.claims', '', true);
      return result;
    end
    $chk$ $body$, name, rel, cond, privs);
  execute format('revoke all on function ${SCHEMA}.%I(jsonb, jsonb) from public', name);
  return name;
end
$fn$;

revoke all on all functions in schema ${SCHEMA} from public;
revoke all on all tables in schema ${SCHEMA} from public;
`;

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

/** Takes the given changes off the queue (one round trip) with what delivery needs about their tables. */
export async function takeChanges(sql: postgres.Sql, ids: string[]): Promise<ChangeRow[]> {
  return sql.unsafe<ChangeRow[]>(
    `with taken as (delete from ${SCHEMA}.changes where id = any(string_to_array($1, ',')::bigint[]) returning *),
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

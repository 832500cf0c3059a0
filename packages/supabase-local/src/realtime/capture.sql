-- Change capture for the local Realtime stand-in only (installed by capture.ts on every start; never a
-- migration: hosted Supabase reads changes from the WAL). Idempotent. Names here must match capture.ts.
create schema if not exists _local_realtime;
revoke all on schema _local_realtime from public;

create unlogged table if not exists _local_realtime.changes (
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
create or replace function _local_realtime.capture() returns trigger
language plpgsql security definer set search_path = pg_catalog, pg_temp as $fn$
declare
  change_id bigint;
begin
  insert into _local_realtime.changes (relid, schema_name, table_name, op, record, old_record)
  values (
    tg_relid, tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  )
  returning id into change_id;
  perform pg_notify('_local_realtime_changes', change_id::text);
  return null;
end
$fn$;

-- Puts the capture trigger on every published table and takes it off tables that left the publication.
create or replace function _local_realtime.sync() returns void
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
      and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = '_local_realtime_capture')
  loop
    execute format(
      'create trigger _local_realtime_capture after insert or update or delete on %s for each row execute function _local_realtime.capture()',
      rel);
  end loop;
  for rel in
    select t.tgrelid::regclass
    from pg_trigger t
    where t.tgname = '_local_realtime_capture'
      and not exists (
        select 1 from pg_publication_tables pt
        join pg_namespace n on n.nspname = pt.schemaname
        join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
        where pt.pubname = 'supabase_realtime' and c.oid = t.tgrelid)
  loop
    execute format('drop trigger _local_realtime_capture on %s', rel);
  end loop;
end
$fn$;

-- Event triggers fire for every role (e.g. an app role creating a temp table), so this runs as its owner:
-- the roles themselves may not execute sync().
create or replace function _local_realtime.on_ddl() returns event_trigger
language plpgsql security definer set search_path = pg_catalog, pg_temp as $fn$
begin
  perform _local_realtime.sync();
end
$fn$;

drop event trigger if exists _local_realtime_publication;
create event trigger _local_realtime_publication on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE')
  execute function _local_realtime.on_ddl();

-- Row visibility, generic path: for each claim set it switches to the subscriber's role and claims
-- (transaction-local, as PostgREST and lib/db do) and selects the row by its primary key, so RLS policies
-- and grants decide exactly as they would for that user. Each check is isolated, so one failing policy
-- hides the row from that subscriber only. Slower than the per-table checkers below (dynamic SQL is
-- planned every time), so it is the fallback.
create or replace function _local_realtime.visibility(rel regclass, pk jsonb, claim_sets jsonb) returns jsonb
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
-- Security definer (owned by the superuser that installs this), so Realtime's own role, which may not create
-- functions here, may have a checker made; the checker itself runs as Realtime's role, switching to each
-- subscriber's.
create or replace function _local_realtime.make_checker(rel regclass, pk text[]) returns text
language plpgsql security definer set search_path = pg_catalog, pg_temp as $fn$
declare
  name text := 'visible_' || rel::oid;
  cond text;
  privs text;
  cond_one text;
begin
  select string_agg(format('x.%1$I = k.%1$I', c), ' and '),
         string_agg(format('has_column_privilege(last_role, %L::regclass, %L, ''SELECT'')', rel::text, c), ' and '),
         string_agg(format('x.%1$I = one.%1$I', c), ' and ')
    into cond, privs, cond_one from unnest(pk) c;
  execute format($body$
    create or replace function _local_realtime.%1$I(keys jsonb, claim_sets jsonb) returns jsonb
    language plpgsql set search_path = pg_catalog, pg_temp as $chk$
    declare
      cs jsonb;
      result jsonb := '[]';
      seen jsonb;
      can boolean := false;
      last_role text;
      none jsonb := (select coalesce(jsonb_agg(false), '[]') from jsonb_array_elements(keys));
      -- The usual case is one row: check it without unpacking a record set per subscriber.
      single boolean := jsonb_array_length(keys) = 1;
      one %2$s := jsonb_populate_record(null::%2$s, keys->0);
    begin
      for cs in select value from jsonb_array_elements(claim_sets) loop
        if cs->>'role' is distinct from last_role then
          last_role := cs->>'role';
          can := %4$s;
          perform set_config('role', last_role, true);
        end if;
        perform set_config('request.jwt.claims', (cs->'claims')::text, true);
        seen := none;
        if can and single then
          seen := jsonb_build_array(exists (select 1 from %2$s x where %5$s));
        elsif can then
          select coalesce(jsonb_agg(exists (select 1 from %2$s x where %3$s) order by k.ordinality), '[]') into seen
          from jsonb_populate_recordset(null::%2$s, keys) with ordinality as k;
        end if;
        result := result || jsonb_build_array(seen);
      end loop;
      perform set_config('role', 'none', true);
      perform set_config('request.jwt.claims', '', true);
      return result;
    end
    $chk$ $body$, name, rel, cond, privs, cond_one);
  execute format('revoke all on function _local_realtime.%I(jsonb, jsonb) from public', name);
  execute format('grant execute on function _local_realtime.%I(jsonb, jsonb) to supabase_realtime_admin', name);
  return name;
end
$fn$;

revoke all on all functions in schema _local_realtime from public;
revoke all on all tables in schema _local_realtime from public;

-- The Realtime service logs in as supabase_realtime_admin, as hosted's does: it reads and takes changes off
-- the queue and asks who may see them. Installing this (triggers on the app's tables, the event trigger)
-- stays with the superuser; hosted gets the same changes from the WAL.
grant usage on schema _local_realtime to supabase_realtime_admin;
grant select, delete on _local_realtime.changes to supabase_realtime_admin;
grant select on all sequences in schema _local_realtime to supabase_realtime_admin;
grant execute on function _local_realtime.visibility(regclass, jsonb, jsonb),
  _local_realtime.make_checker(regclass, text[]) to supabase_realtime_admin;

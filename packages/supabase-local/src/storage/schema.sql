-- Supabase Storage's database side, as a hosted project has it before its first migration (the shapes of
-- supabase/storage's tenant migrations, written for the stand-in; run after bootstrap.sql, as the superuser,
-- on every start where it changed; idempotent). The Storage service logs in as `supabase_storage_admin`, which
-- owns the schema, and runs each request's queries under the caller's role and JWT claims, so RLS policies
-- on storage.objects and storage.buckets decide, as on hosted.

do $$
begin
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin noinherit createrole login noreplication;
  end if;
end $$;
-- Local password (hosted's is managed by Supabase); the cluster listens on 127.0.0.1 only.
alter role supabase_storage_admin login noinherit password 'local-storage-admin';
alter role supabase_storage_admin set search_path = storage;
-- The service switches to the caller's role per request (set_config('role', …)), as hosted Storage does.
grant anon, authenticated, service_role to supabase_storage_admin;

create schema if not exists storage;
grant usage on schema storage to postgres, anon, authenticated, service_role;

do $$
begin
  if not exists (select from pg_type where typname = 'buckettype' and typnamespace = 'storage'::regnamespace) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end $$;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets using btree (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- The helpers policies use: (storage.foldername(name))[1] is an object's top folder.
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;
create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;
create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;
-- What the request does ('storage.object.upload', …), for policies that care.
create or replace function storage.operation() returns text
language plpgsql stable as $$
begin
  return current_setting('storage.operation', true);
end
$$;

-- The list call (POST /object/list/{bucket}): one level under `prefix` (a folder path ending in '/', or ''),
-- names relative to it, folders as rows without id; `search` narrows by a name start (case-insensitive).
-- Security invoker, so it sees what the caller's SELECT policies let it see, as hosted's storage.search.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql stable security invoker as $$
declare
  v_prefix text := coalesce(prefix, '');
  v_start text := lower(coalesce(prefix, '') || coalesce(search, ''));
  v_column text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at' when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at' else 'name' end;
  v_order text := case when lower(coalesce(sortorder, 'asc')) = 'desc' then 'desc' else 'asc' end;
begin
  return query execute format($q$
    with matching as (
      select substr(o.name, length($1) + 1) as rest, o.*
      from storage.objects o
      where o.bucket_id = $2 and left(lower(o.name), length($3)) = $3
    ), entries as (
      select distinct split_part(m.rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
        null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata, true as folder
      from matching m where position('/' in m.rest) > 0
      union all
      select m.rest, m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata, false
      from matching m where position('/' in m.rest) = 0
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata from entries e
    order by %s
    limit $4 offset $5
  $q$,
    case when v_column = 'name' then format('lower(e.name) collate "C" %s', v_order)
         else format('e.folder desc, e.%I %s, lower(e.name) collate "C"', v_column, v_order) end)
  using v_prefix, bucketname, v_start, least(coalesce(limits, 100), 1500), coalesce(offsets, 0);
end
$$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;
drop trigger if exists enforce_bucket_name_length_trigger on storage.buckets;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- Deleting rows by SQL would orphan the stored bytes: hosted refuses it unless the Storage service (which
-- sets storage.allow_delete_query for its own transactions) does it.
create or replace function storage.protect_delete() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- Owners and grants as hosted: Storage's role owns everything; the API roles and `postgres` may use the two
-- tables (RLS decides for the API roles; `postgres` bypasses RLS), so a migration may insert a bucket.
alter schema storage owner to supabase_storage_admin;
alter type storage.buckettype owner to supabase_storage_admin;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
do $$
declare r record;
begin
  for r in select p.oid::regprocedure as f from pg_proc p where p.pronamespace = 'storage'::regnamespace loop
    execute format('alter function %s owner to supabase_storage_admin', r.f);
  end loop;
end $$;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant execute on all functions in schema storage to postgres, anon, authenticated, service_role;

-- Policies on storage.objects and storage.buckets. On hosted, supautils lets `postgres` create, alter and
-- drop policies there (policy_grants) and nothing else of an owner's: `alter table storage.objects …` fails
-- "must be owner". Here, as for realtime.messages in bootstrap.sql: membership in the owner (CREATE POLICY
-- needs ownership), and event triggers refusing every other command on Storage's objects.
grant supabase_storage_admin to postgres with inherit true, set false;
create schema if not exists supabase_local;
revoke all on schema supabase_local from public;
create or replace function supabase_local.refuse_storage_ddl() returns event_trigger
language plpgsql as $$
declare cmd record;
begin
  if current_user in ('supabase_admin', 'supabase_storage_admin') then
    return;
  end if;
  for cmd in select * from pg_event_trigger_ddl_commands() loop
    if cmd.command_tag not in ('CREATE POLICY', 'ALTER POLICY')
       and (cmd.schema_name = 'storage' or cmd.object_identity like 'storage.%') then
      raise exception 'must be owner of % %', lower(cmd.object_type), coalesce(cmd.object_identity, 'in schema storage')
        using errcode = '42501';
    end if;
  end loop;
end $$;
create or replace function supabase_local.refuse_storage_drop() returns event_trigger
language plpgsql as $$
declare obj record;
begin
  if current_user in ('supabase_admin', 'supabase_storage_admin') then
    return;
  end if;
  for obj in select * from pg_event_trigger_dropped_objects() loop
    if obj.object_type <> 'policy' and obj.schema_name = 'storage' then
      raise exception 'must be owner of % %', obj.object_type, obj.object_identity using errcode = '42501';
    end if;
  end loop;
end $$;
drop event trigger if exists supabase_local_refuse_storage_ddl;
create event trigger supabase_local_refuse_storage_ddl on ddl_command_end
  execute function supabase_local.refuse_storage_ddl();
drop event trigger if exists supabase_local_refuse_storage_drop;
create event trigger supabase_local_refuse_storage_drop on sql_drop
  execute function supabase_local.refuse_storage_drop();

-- What hosted Supabase provides before any migration runs, reproduced for the local stand-in only.
-- Production already has all of this, so it is kept apart from supabase/migrations. Idempotent: it runs on
-- every start. Shapes follow Supabase's (auth schema of supabase/auth, roles of supabase/postgres).

-- Roles, as hosted Supabase has them. The cluster's superuser is `supabase_admin` (it runs this file and the
-- stand-in's own services); `postgres` is what a developer, `supabase db push` and the migrations get: no
-- superuser, so whatever hosted refuses it, it refuses here too. `authenticator` is PostgREST's login (the
-- app has its own, made by a migration).
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin noinherit createrole login noreplication;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin noinherit login;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_superuser') then
    create role supabase_superuser nologin;
  end if;
end $$;
alter role anon nologin inherit;
alter role authenticated nologin inherit;
alter role service_role nologin inherit bypassrls;
alter role authenticator login noinherit password null;
alter role postgres login nosuperuser createrole createdb replication bypassrls inherit password 'postgres';
alter role postgres set search_path = "$user", public, extensions;
-- The stand-in's Auth and Realtime log in as hosted's GoTrue and Realtime roles (local passwords; the cluster
-- listens on 127.0.0.1 only), with hosted's attributes: no superuser, no BYPASSRLS, no replication. Hosted's
-- supabase_realtime_admin is NOLOGIN; the stand-in's Realtime logs in as it, to have that role's rights only.
alter role supabase_auth_admin login noinherit createrole nocreatedb noreplication nobypassrls password 'local-auth-admin';
alter role supabase_auth_admin set search_path = auth;
alter role supabase_realtime_admin login noinherit nocreaterole nocreatedb noreplication nobypassrls password 'local-realtime-admin';
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;
grant pg_read_all_data, pg_monitor, pg_signal_backend, supabase_superuser to postgres;
grant anon, authenticated, service_role to supabase_realtime_admin;
grant all on database postgres to postgres;
grant create on database postgres to supabase_realtime_admin;
-- Supabase's API roles time out long statements; keeps a runaway query from pinning the machine.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- Extensions live in their own schema, as on Supabase, and are on the search path.
create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists citext with schema extensions;
create extension if not exists pg_stat_statements with schema extensions;
alter database postgres set search_path = "$user", public, extensions;

-- Supabase's grants on public: the API roles may touch what `postgres` makes there and RLS policies decide
-- what they see; `postgres` creates objects there (since PostgreSQL 15 only the database owner may, unless
-- granted). Hosted makes these once, with the project, and migrations then revoke what they must: so they
-- are made here on the first run only (before setup.ts records it in supabase_local.bootstrap). A re-run
-- (this file changed, a kept --dev database) must not grant the API roles again what migrations revoked.
do $$
begin
  if to_regclass('supabase_local.bootstrap') is not null then
    return;
  end if;
  grant usage, create on schema public to postgres;
  grant usage on schema public to anon, authenticated, service_role;
  alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
  alter default privileges for role postgres in schema public grant all on routines to anon, authenticated, service_role;
  -- What the superuser (tests, tools) creates in public is reachable the same way, as on hosted.
  alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
  alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;
  alter default privileges for role supabase_admin in schema public grant all on routines to postgres, anon, authenticated, service_role;
end $$;

-- Auth schema (a subset of GoTrue's, same names and types so migrations can reference auth.users).
create schema if not exists auth;
grant usage on schema auth to postgres, anon, authenticated, service_role;

-- Columns and defaults as GoTrue's migrations leave them: the four token columns below default to NULL
-- although GoTrue reads them into Go strings (a NULL there fails its sign-in with a 500), so whatever inserts
-- users by hand (a seed) must set them to ''. GoTrue itself always writes every column.
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  aal text default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  -- stand-in only: how the session began, for the amr claim of refreshed tokens (GoTrue: mfa_amr_claims).
  amr_method text not null default 'password'
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- E-mailed one-time tokens: token_hash = sha224(email || otp), "pkce_"-prefixed for PKCE flows (as GoTrue).
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in
    ('confirmation_token', 'reauthentication_token', 'recovery_token', 'email_change_token_new',
     'email_change_token_current', 'phone_change_token')),
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  -- stand-in only: the PKCE flow this mail belongs to (GoTrue finds it by user and method).
  flow_state_id uuid,
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens using hash (token_hash);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  code_challenge text not null,
  provider_type text not null default 'email',
  provider_access_token text,
  provider_refresh_token text,
  authentication_method text not null,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  auth_code_issued_at timestamptz
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);
-- Data folders made before sign-in with providers: the provider's tokens, kept for the PKCE exchange.
alter table auth.flow_state add column if not exists provider_access_token text;
alter table auth.flow_state add column if not exists provider_refresh_token text;

-- Supabase's definitions: claims come from PostgREST's per-request settings. After COMMIT a pooled
-- connection reads '' (not NULL) for them, hence nullif.
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
create or replace function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- Realtime broadcasts changes of the tables migrations add to this publication (empty at first).
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

-- Realtime Authorization: RLS policies on realtime.messages decide who may join a private channel, listen
-- to its Broadcast and Presence (select) and send or track on it (insert), per realtime.topic(). As on
-- hosted Supabase the table holds nothing: the Realtime server asks it in a transaction it rolls back.
create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
create or replace function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Hosted's owners: Auth's and Realtime's own roles own their schemas and everything in them, so `postgres`
-- can neither create tables there nor alter, index or replace what is there ("must be owner").
alter schema auth owner to supabase_auth_admin;
do $$
declare r record;
begin
  for r in select c.oid::regclass as t from pg_class c
           where c.relnamespace = 'auth'::regnamespace and c.relkind in ('r', 'p') loop
    execute format('alter table %s owner to supabase_auth_admin', r.t);
  end loop;
  for r in select p.oid::regprocedure as f from pg_proc p where p.pronamespace = 'auth'::regnamespace loop
    execute format('alter function %s owner to supabase_auth_admin', r.f);
  end loop;
end $$;
-- GoTrue's tables have RLS enabled; `postgres` reads them because it has BYPASSRLS, a security definer
-- function owned by a role without it sees no rows.
do $$
declare r record;
begin
  for r in select c.oid::regclass as t from pg_class c
           where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r' loop
    execute format('alter table %s enable row level security', r.t);
  end loop;
end $$;
-- Hosted grants `postgres` every table privilege in auth (reads, writes, references for foreign keys, and
-- TRIGGER, which is how it may create triggers on auth.users), and USAGE on the schema, not CREATE.
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;

alter schema realtime owner to supabase_realtime_admin;
alter table realtime.messages owner to supabase_realtime_admin;
alter function realtime.topic() owner to supabase_realtime_admin;
grant all on realtime.messages to postgres;

-- `postgres` owns the publication, so migrations may add their tables to it (it may not make one for all
-- tables: that needs a superuser).
alter publication supabase_realtime owner to postgres;

-- Policies on realtime.messages. On hosted, supautils (a C extension plain PostgreSQL lacks) runs
-- `create/alter/drop policy` on that table for `postgres` as if it owned the table, and nothing else. Here:
-- `postgres` inherits the table owner's rights through membership (CREATE POLICY needs ownership, nothing
-- narrower), and an event trigger refuses every other command those rights would allow on Realtime's
-- objects (alter, index, drop, replace), so only the policy commands get through, as on hosted.
grant supabase_realtime_admin to postgres with inherit true, set false;
create schema if not exists supabase_local;
revoke all on schema supabase_local from public;
create or replace function supabase_local.refuse_realtime_ddl() returns event_trigger
language plpgsql as $$
declare cmd record;
begin
  if current_user in ('supabase_admin', 'supabase_realtime_admin') then
    return;
  end if;
  for cmd in select * from pg_event_trigger_ddl_commands() loop
    if cmd.command_tag not in ('CREATE POLICY', 'ALTER POLICY')
       and (cmd.schema_name = 'realtime' or cmd.object_identity like 'realtime.%') then
      raise exception 'must be owner of % %', lower(cmd.object_type), coalesce(cmd.object_identity, 'in schema realtime')
        using errcode = '42501';
    end if;
  end loop;
end $$;
create or replace function supabase_local.refuse_realtime_drop() returns event_trigger
language plpgsql as $$
declare obj record;
begin
  if current_user in ('supabase_admin', 'supabase_realtime_admin') then
    return;
  end if;
  for obj in select * from pg_event_trigger_dropped_objects() loop
    if obj.object_type <> 'policy' and obj.schema_name = 'realtime' then
      raise exception 'must be owner of % %', obj.object_type, obj.object_identity using errcode = '42501';
    end if;
  end loop;
end $$;
drop event trigger if exists supabase_local_refuse_realtime_ddl;
create event trigger supabase_local_refuse_realtime_ddl on ddl_command_end
  execute function supabase_local.refuse_realtime_ddl();
drop event trigger if exists supabase_local_refuse_realtime_drop;
create event trigger supabase_local_refuse_realtime_drop on sql_drop
  execute function supabase_local.refuse_realtime_drop();

-- GRANT and REVOKE on Realtime's objects. On hosted `postgres` neither owns them nor holds a grant option on
-- them, so such a command changes nothing there (PostgreSQL's warning "no privileges were granted") or is
-- refused; here its membership in the owner would let it act as the owner. Event triggers see no object of
-- a GRANT, so this one compares the access lists in realtime with what they were when this file last ran
-- (written into the function below) and refuses any change by another role, with hosted's words.
do $outer$
declare
  acls constant text := $q$
    select 'schema realtime' as object, 'realtime' as name, n.nspacl::text as acl
    from pg_namespace n where n.nspname = 'realtime'
    union all
    select format('relation %I.%I', 'realtime', c.relname), c.relname, c.relacl::text
    from pg_class c where c.relnamespace = 'realtime'::regnamespace
    union all
    select format('column %I.%I.%I', 'realtime', c.relname, a.attname), c.relname, a.attacl::text
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = 'realtime'::regnamespace and a.attnum > 0 and a.attacl is not null
    union all
    select format('function %I.%I(%s)', 'realtime', p.proname, pg_get_function_identity_arguments(p.oid)),
      p.proname, p.proacl::text
    from pg_proc p where p.pronamespace = 'realtime'::regnamespace
    union all
    select format('default %s in %s', d.defaclobjtype, coalesce(d.defaclnamespace::regnamespace::text, '*')),
      null, d.defaclacl::text
    from pg_default_acl d where d.defaclrole = 'supabase_realtime_admin'::regrole
  $q$;
  snapshot jsonb;
begin
  execute format('select coalesce(jsonb_object_agg(object, acl), ''{}'') from (%s) a', acls) into snapshot;
  execute format($fn$
    create or replace function supabase_local.refuse_realtime_grants() returns event_trigger
    language plpgsql as $body$
    declare
      changed record;
    begin
      if current_user in ('supabase_admin', 'supabase_realtime_admin') then
        return;
      end if;
      for changed in
        select a.name from (%s) a
        where a.acl is distinct from (%L::jsonb ->> a.object)
        order by a.object limit 1
      loop
        if changed.name is null then
          raise exception 'permission denied to change default privileges' using errcode = '42501';
        elsif tg_tag = 'REVOKE' then
          raise exception 'no privileges could be revoked for "%%"', changed.name using errcode = '42501',
            detail = 'On hosted Supabase postgres does not own Realtime''s objects: this REVOKE changes nothing there.';
        else
          raise exception 'no privileges were granted for "%%"', changed.name using errcode = '42501',
            detail = 'On hosted Supabase postgres does not own Realtime''s objects: this GRANT changes nothing there.';
        end if;
      end loop;
    end $body$ $fn$, acls, snapshot);
end $outer$;
drop event trigger if exists supabase_local_refuse_realtime_grants;
create event trigger supabase_local_refuse_realtime_grants on ddl_command_end
  when tag in ('GRANT', 'REVOKE', 'ALTER DEFAULT PRIVILEGES')
  execute function supabase_local.refuse_realtime_grants();

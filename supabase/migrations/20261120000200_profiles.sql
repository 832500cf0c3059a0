-- Athlete profiles (docs/product.md#profiles, limits in #limits): one per account. The CHECK constraints
-- mirror lib/validation/profile.ts so no path (form, API, SQL as a user) can store what the form refuses.
-- Lengths are counted in characters (code points), as the form counts them; text follows
-- private.is_safe_text.

-- Shape checks for the jsonb and array columns, kept in functions so the CHECKs stay readable. Immutable:
-- they look only at their argument.
create or replace function private.profile_location_valid(loc jsonb)
returns boolean language sql immutable as $$
  select jsonb_typeof(loc) = 'object'
     and (loc - array['display_name', 'coordinates']) = '{}'::jsonb
     and jsonb_typeof(loc -> 'display_name') = 'string'
     and private.is_single_line(loc ->> 'display_name', 2, 100)
     and jsonb_typeof(loc -> 'coordinates') = 'array'
     and jsonb_array_length(loc -> 'coordinates') = 2
     and jsonb_typeof(loc -> 'coordinates' -> 0) = 'number'
     and jsonb_typeof(loc -> 'coordinates' -> 1) = 'number'
     and (loc -> 'coordinates' ->> 0)::numeric between -180 and 180
     and (loc -> 'coordinates' ->> 1)::numeric between -90 and 90
$$;

create or replace function private.profile_target_times_valid(times jsonb)
returns boolean language sql immutable as $$
  select jsonb_typeof(times) = 'object'
     and (times - array['swim', 'bike', 'run']) = '{}'::jsonb
     and not exists (
       select 1 from jsonb_each(times) as t(key, value)
       where jsonb_typeof(t.value) <> 'string' or not private.is_single_line(t.value #>> '{}', 1, 20)
     )
$$;

create or replace function private.profile_availability_valid(av jsonb)
returns boolean language sql immutable as $$
  select jsonb_typeof(av) = 'object'
     and (av - array['days', 'times']) = '{}'::jsonb
     and jsonb_typeof(av -> 'days') = 'array'
     and jsonb_typeof(av -> 'times') = 'array'
     and (av -> 'days') <@ '["monday","tuesday","wednesday","thursday","friday","saturday","sunday"]'::jsonb
     and (av -> 'times') <@ '["early_morning","morning","midday","afternoon","evening"]'::jsonb
     -- no duplicates
     and jsonb_array_length(av -> 'days') = (select count(distinct d) from jsonb_array_elements(av -> 'days') d)
     and jsonb_array_length(av -> 'times') = (select count(distinct t) from jsonb_array_elements(av -> 'times') t)
$$;

create or replace function private.profile_achievements_valid(items text[])
returns boolean language sql immutable as $$
  select coalesce(array_ndims(items), 1) = 1
     and cardinality(items) <= 10
     and not exists (select 1 from unnest(items) as a(item) where item is null or not private.is_single_line(item, 1, 150))
$$;

create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  auth_id uuid not null unique references auth.users (id) on delete cascade,
  username text not null constraint profiles_username_format check (username ~ '^[A-Za-z0-9_.-]{3,50}$'),
  full_name text not null constraint profiles_full_name_text check (private.is_single_line(full_name, 2, 100)),
  -- Copied from the account by a trigger; never readable through the API (see the column grants below).
  email text not null default '',
  bio text
    constraint profiles_bio_text check (char_length(bio) between 1 and 1000 and private.is_safe_text(bio, true)),
  location jsonb not null constraint profiles_location_shape check (private.profile_location_valid(location)),
  is_public boolean not null default false,
  looking_for_team boolean not null default false,
  specialty text not null constraint profiles_specialty_enum check (specialty in ('swimmer', 'cyclist', 'runner')),
  experience_level text not null
    constraint profiles_experience_level_enum check (experience_level in ('beginner', 'intermediate', 'advanced', 'elite')),
  training_preference text
    constraint profiles_training_preference_text check (private.is_single_line(training_preference, 1, 100)),
  goals text not null
    constraint profiles_goals_text check (char_length(goals) between 10 and 500 and private.is_safe_text(goals, true)),
  target_times jsonb not null default '{}'::jsonb
    constraint profiles_target_times_shape check (private.profile_target_times_valid(target_times)),
  availability jsonb not null default '{"days": [], "times": []}'::jsonb
    constraint profiles_availability_shape check (private.profile_availability_valid(availability)),
  achievements text[] not null default '{}'
    constraint profiles_achievements_shape check (private.profile_achievements_valid(achievements)),
  avatar_url text constraint profiles_avatar_url_format check (avatar_url ~ '^https://[^[:space:]]+$' and char_length(avatar_url) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is 'Athlete profiles: one per account (auth_id). Public rows are readable by anyone.';

-- Usernames are unique regardless of case ("Mia" and "mia" are the same handle).
create unique index profiles_username_lower_key on public.profiles (lower(username));

-- The athlete listing: public profiles looking for a team, newest first.
create index profiles_listed_idx on public.profiles (created_at desc) where is_public and looking_for_team;

-- Timestamps and the account e-mail are the database's business, whatever the client sends.
create or replace function private.profiles_before_write()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.email := coalesce((select u.email from auth.users u where u.id = new.auth_id), '');
    new.created_at := now();
  else
    if new.auth_id is distinct from old.auth_id then
      raise exception 'A profile cannot move to another account' using errcode = '42501';
    end if;
    new.email := old.email;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

create trigger profiles_before_write
  before insert or update on public.profiles
  for each row execute function private.profiles_before_write();

-- Row level security: the owner reads, creates and updates their own row; anyone reads public rows.
-- No delete policy: a profile lives as long as its account (deleting the account cascades).
alter table public.profiles enable row level security;

create policy profiles_select_public on public.profiles
  for select to anon, authenticated using (is_public);

create policy profiles_select_own on public.profiles
  for select to authenticated using (auth_id = (select auth.uid()));

create policy profiles_insert_own on public.profiles
  for insert to authenticated with check (auth_id = (select auth.uid()));

create policy profiles_update_own on public.profiles
  for update to authenticated
  using (auth_id = (select auth.uid()))
  with check (auth_id = (select auth.uid()));

-- Column grants: e-mail is never selectable through the API (a public row would leak it); id, auth_id,
-- e-mail and timestamps cannot be written by clients.
revoke all on public.profiles from anon, authenticated;

grant select (id, auth_id, username, full_name, bio, location, is_public, looking_for_team, specialty,
  experience_level, training_preference, goals, target_times, availability, achievements, avatar_url,
  created_at, updated_at) on public.profiles to anon, authenticated;

grant insert (auth_id, username, full_name, bio, location, is_public, looking_for_team, specialty,
  experience_level, training_preference, goals, target_times, availability, achievements, avatar_url)
  on public.profiles to authenticated;

grant update (username, full_name, bio, location, is_public, looking_for_team, specialty, experience_level,
  training_preference, goals, target_times, availability, achievements, avatar_url)
  on public.profiles to authenticated;

grant all on public.profiles to service_role;

-- The signed-in account's profile id, once per statement in policies (wrapped in a sub-select there).
-- Security definer so a policy on another table can ask without tripping the profiles policies.
create or replace function private.my_profile_id()
returns uuid language sql stable security definer set search_path = '' as $$
  select p.id from public.profiles p where p.auth_id = (select auth.uid())
$$;

comment on constraint profiles_username_format on public.profiles is
  'ASCII letters, digits, _ . - (3 to 50), as lib/validation/profile.ts usernamePattern; unique in any case.';

-- The caller's profile, or the "create your profile first" error. Its hints (UNAUTHENTICATED,
-- PROFILE_NOT_FOUND) let the server actions tell a rule's error from Postgres' own (lib/server-action/sql-errors.ts).
create or replace function private.require_my_profile()
returns public.profiles language plpgsql stable security definer set search_path = '' as $$
declare
  me public.profiles;
begin
  if (select auth.uid()) is null then
    raise exception 'Not authenticated' using errcode = '42501', hint = 'UNAUTHENTICATED';
  end if;
  select * into me from public.profiles p where p.auth_id = (select auth.uid());
  if me.id is null then
    raise exception 'Profile not found' using errcode = 'P0002', hint = 'PROFILE_NOT_FOUND';
  end if;
  return me;
end;
$$;

-- The athlete listing pages newest first with the id as a tie-breaker (stable pages when many profiles
-- share a creation time).
create index profiles_listed_page_idx on public.profiles (created_at desc, id)
  where is_public and looking_for_team;

-- Find Partners on the dashboard: counts per specialty and per place among listed athletes.
create index profiles_listed_specialty_idx on public.profiles (specialty, experience_level)
  where is_public and looking_for_team;

create index profiles_listed_place_idx on public.profiles ((location ->> 'display_name'))
  where is_public and looking_for_team;

-- "Athletes who fit" (public.team_fit_candidates) reads the listed athletes of each missing leg newest-updated
-- first from this index and stops at the 100 it returns, so a creator's team page does not grow with the
-- community. Every profile update changes updated_at, so this index also makes those updates non-HOT;
-- profiles are edited rarely, while this list is read on every visit of a creator to their team page.
create index profiles_listed_specialty_updated_idx on public.profiles (specialty, updated_at desc)
  where is_public and looking_for_team;

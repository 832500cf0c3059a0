-- Issue 13, item 7: profiles stored BEL, ESC and DEL in goals and bio, a right-to-left override in a
-- username, and "mia_swims" followed by a zero-width space beside "mia_swims". The profiles CHECKs of
-- 20261121000100_profiles.sql only refused [[:cntrl:]] in one-line fields and nothing in goals and bio.
-- From here every profile text follows the one safe-text rule, private.is_safe_text
-- (20261123000100_safe_text.sql, mirrored by lib/validation/text.ts): NFC, trimmed, no control characters
-- (newline allowed in goals and bio), no bidi overrides, no invisible characters.
-- Usernames are handles: ASCII letters, digits, "_", "." and "-", 3 to 50 of them (lib/validation/
-- profile.ts usernamePattern), unique regardless of case (profiles_username_lower_key).

-- 1. Bring rows stored under the old rules in line, so the new CHECKs validate. Each field is normalised,
--    stripped of the refused characters and trimmed, as the form now does before saving. A username
--    outside the alphabet becomes its allowed characters plus a piece of the profile id (unique, and the
--    athlete can change it on /edit-profile). A required field left too short falls back to a neutral text.
create function pg_temp.safe(value text, multiline boolean) returns text
language sql immutable as $$
  select regexp_replace(
    regexp_replace(
      regexp_replace(normalize(value, nfc), '\r\n?', E'\n', 'g'),
      case
        when multiline then '[\x01-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff\u180e]'
        else '[\x01-\x1f\x7f-\x9f\u2028\u2029\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u180e]'
      end, '', 'g'),
    '^[[:space:]]+|[[:space:]]+$', '', 'g')
$$;

create function pg_temp.at_least(value text, min_len int, fallback text) returns text
language sql immutable as $$
  select case when char_length(value) >= min_len then value else fallback end
$$;

update public.profiles
set username = left(regexp_replace(pg_temp.safe(username, false), '[^A-Za-z0-9_.-]+', '_', 'g'), 40)
               || '_' || right(replace(id::text, '-', ''), 8)
where username !~ '^[A-Za-z0-9_.-]{3,50}$';

update public.profiles
set full_name = pg_temp.at_least(pg_temp.safe(full_name, false), 2, username)
where full_name is distinct from pg_temp.at_least(pg_temp.safe(full_name, false), 2, username);

update public.profiles
set goals = pg_temp.at_least(pg_temp.safe(goals, true), 10, 'Goals not given yet')
where goals is distinct from pg_temp.at_least(pg_temp.safe(goals, true), 10, 'Goals not given yet');

update public.profiles
set bio = nullif(pg_temp.safe(bio, true), '')
where bio is distinct from nullif(pg_temp.safe(bio, true), '');

update public.profiles
set training_preference = nullif(pg_temp.safe(training_preference, false), '')
where training_preference is distinct from nullif(pg_temp.safe(training_preference, false), '');

update public.profiles
set location = jsonb_set(location, '{display_name}',
  to_jsonb(pg_temp.at_least(pg_temp.safe(location ->> 'display_name', false), 2, 'Not specified')))
where jsonb_typeof(location -> 'display_name') = 'string'
  and location ->> 'display_name'
      <> pg_temp.at_least(pg_temp.safe(location ->> 'display_name', false), 2, 'Not specified');

update public.profiles p
set target_times = (
  select coalesce(jsonb_object_agg(t.key, pg_temp.safe(t.value, false)), '{}'::jsonb)
  from jsonb_each_text(p.target_times) as t(key, value)
  where pg_temp.safe(t.value, false) <> '')
where jsonb_typeof(target_times) = 'object'
  and exists (select 1 from jsonb_each_text(p.target_times) as t(key, value)
              where t.value is distinct from pg_temp.safe(t.value, false));

update public.profiles p
set achievements = array(
  select pg_temp.safe(a.item, false)
  from unnest(p.achievements) with ordinality as a(item, n)
  where pg_temp.safe(a.item, false) <> ''
  order by a.n)
where exists (select 1 from unnest(p.achievements) as a(item)
              where a.item is distinct from pg_temp.safe(a.item, false));

-- 2. One-line texts inside the jsonb and array columns (location name, target times, achievements) are
--    checked by private.is_single_line; it now applies the safe-text rule.
create or replace function private.is_single_line(value text, min_len int, max_len int)
returns boolean language sql immutable as $$
  select char_length(value) between min_len and max_len
     and private.is_safe_text(value, false)
$$;

-- 3. The CHECKs. Dropped and added again (not only the function replaced) so that Postgres validates the
--    existing rows against the new rule.
alter table public.profiles
  drop constraint profiles_username_length,
  drop constraint profiles_full_name_length,
  drop constraint profiles_bio_length,
  drop constraint profiles_training_preference_length,
  drop constraint profiles_goals_length,
  drop constraint profiles_location_shape,
  drop constraint profiles_target_times_shape,
  drop constraint profiles_achievements_shape,
  add constraint profiles_username_format check (username ~ '^[A-Za-z0-9_.-]{3,50}$'),
  add constraint profiles_full_name_text check (private.is_single_line(full_name, 2, 100)),
  add constraint profiles_bio_text
    check (char_length(bio) between 1 and 1000 and private.is_safe_text(bio, true)),
  add constraint profiles_training_preference_text
    check (private.is_single_line(training_preference, 1, 100)),
  add constraint profiles_goals_text
    check (char_length(goals) between 10 and 500 and private.is_safe_text(goals, true)),
  add constraint profiles_location_shape check (private.profile_location_valid(location)),
  add constraint profiles_target_times_shape check (private.profile_target_times_valid(target_times)),
  add constraint profiles_achievements_shape check (private.profile_achievements_valid(achievements));

comment on constraint profiles_username_format on public.profiles is
  'ASCII letters, digits, _ . - (3 to 50), as lib/validation/profile.ts usernamePattern; unique in any case.';

-- The race in the calendar: each athlete may have one private calendar feed, a secret URL that calendar
-- apps subscribe to without a session. Only the SHA-256 of its token is stored (the token is 32 random
-- bytes, so a fast hash is enough: nothing to guess from). Making a new one replaces the old, which then
-- stops answering; revoking deletes it. The feed shows the teams the athlete is an active member of at the
-- moment it is read (the creator is one), so joining or leaving a team changes it, and it holds nothing of
-- any other team.

create table public.calendar_feeds (
  profile_id uuid primary key references public.profiles (id) on delete cascade,
  token_hash text not null unique constraint calendar_feeds_token_hash_format check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);

comment on table public.calendar_feeds is
  'Private calendar feed per athlete: the SHA-256 (hex) of its secret token. The owner reads when it was '
  'made; the hash itself is read only by public.calendar_feed, which takes the hash of a presented token.';

alter table public.calendar_feeds enable row level security;
create policy calendar_feeds_select_own on public.calendar_feeds
  for select to authenticated using (profile_id = (select private.my_profile_id()));
revoke all on public.calendar_feeds from anon, authenticated;
-- Not the hash: nothing in the app needs it back, and a leaked hash would open the feed.
grant select (profile_id, created_at) on public.calendar_feeds to authenticated;
grant all on public.calendar_feeds to service_role;

-- Makes the caller's feed, or replaces it (the old token stops working at once). The token is made in the
-- app and only its hash arrives here. Returns when the feed was made.
create or replace function public.create_calendar_feed(p_token_hash text)
returns timestamptz language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (private.require_my_profile()).id;
  made timestamptz;
begin
  if p_token_hash is null or p_token_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'Invalid feed token' using errcode = '22023';
  end if;
  insert into public.calendar_feeds (profile_id, token_hash) values (me, p_token_hash)
  on conflict (profile_id) do update set token_hash = excluded.token_hash, created_at = now()
  returning created_at into made;
  return made;
end;
$$;
revoke all on function public.create_calendar_feed(text) from public, anon;
grant execute on function public.create_calendar_feed(text) to authenticated;

-- Turns the caller's feed off; a repeat changes nothing.
create or replace function public.revoke_calendar_feed()
returns void language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from public.calendar_feeds where profile_id = (private.require_my_profile()).id;
end;
$$;
revoke all on function public.revoke_calendar_feed() from public, anon;
grant execute on function public.revoke_calendar_feed() to authenticated;

-- What a feed shows, read without a session (calendar apps have none): null for an unknown or revoked
-- token, else the teams the token's athlete is an active member of, with only what their calendar
-- entries need (name, place, weekly schedule, the athlete's leg, when it was made and last changed). Nothing about other
-- members, other teams or the athlete's profile leaves here.
create or replace function public.calendar_feed(p_token_hash text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'teams', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', t.id, 'name', t.name, 'location', t.location,
               'training_schedule', t.training_schedule, 'role', m.role,
               'created_at', t.created_at, 'updated_at', t.updated_at)
             order by t.created_at, t.id)
      from public.team_members m
      join public.teams t on t.id = m.team_id
      where m.profile_id = f.profile_id and m.status = 'active'), '[]'::jsonb))
  from public.calendar_feeds f
  where f.token_hash = p_token_hash
$$;
revoke all on function public.calendar_feed(text) from public;
grant execute on function public.calendar_feed(text) to anon, authenticated;

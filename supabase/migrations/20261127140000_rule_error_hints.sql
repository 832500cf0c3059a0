-- A permission error a rule raises for people now says so in its hint, not only in its wording.
-- Postgres' own permission errors (a missing grant, a row an RLS policy refuses) use the same SQLSTATE 42501
-- and carry no hint, so a hint is how the server actions tell "show this text" from "log it and apologise"
-- (lib/action/sql-errors.ts). Only the hints are new: both functions are otherwise as they were.

-- The caller's profile, or the error that says why there is none.
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

-- Locks and returns a team the caller created, or raises not found / forbidden.
create or replace function private.lock_own_team(team uuid)
returns public.teams language plpgsql security definer set search_path = '' as $$
declare
  t public.teams;
begin
  select * into t from public.teams where id = team for update;
  if t.id is null then
    raise exception 'Team not found' using errcode = 'P0002';
  end if;
  if t.creator_id is distinct from (select auth.uid()) then
    raise exception 'Forbidden: You can only update your own teams.' using errcode = '42501', hint = 'FORBIDDEN';
  end if;
  return t;
end;
$$;

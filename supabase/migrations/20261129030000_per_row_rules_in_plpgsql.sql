-- The rules asked once per row (a session's visibility in training_sessions' policy and every session
-- listing, blocks between two athletes, a team's open legs in the team listing) keep their wording, in
-- PL/pgSQL instead of SQL. A security-definer SQL function is never inlined, and PostgreSQL 17 plans its
-- body afresh in every statement that calls it; a PL/pgSQL body's plans are kept by the connection and
-- reused. Measured with the load test's data (200 athletes), as `authenticated`: the dashboard's next
-- session 12.4 → 3.0 ms, the /sessions listing 19.7 → 3.9 ms, and as a visitor a /browse page of teams
-- needing a swimmer 12.1 → 5.1 ms. Same results: the bodies are the same expressions (the session and
-- team integration tests read through them).

create or replace function private.session_visible_to_me(s public.training_sessions)
returns boolean language plpgsql stable security definer set search_path = '' as $$
declare
  me uuid := private.my_profile_id();
begin
  return (s.host_id = me) is true
      or (s.hidden_at is null
          and (s.who_may_join = 'anyone'
               or exists (select 1 from public.team_members m
                          where m.team_id = s.team_id and m.profile_id = me and m.status = 'active'))
          and (me is null or not private.blocked_between(me, s.host_id)));
end;
$$;

create or replace function private.blocked_between(a uuid, b uuid)
returns boolean language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1 from public.blocks k
    where (k.blocker_id = a and k.blocked_id = b) or (k.blocker_id = b and k.blocked_id = a));
end;
$$;

create or replace function public.team_open_legs(t public.teams)
returns text[] language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select coalesce(array_agg(l.leg order by l.n), '{}')
    from unnest(array['swimmer', 'cyclist', 'runner']) with ordinality as l(leg, n)
    where (t.requirements -> 'roles') ? l.leg
      and not exists (select 1 from public.team_members m
                      where m.team_id = t.id and m.status = 'active' and m.role = l.leg)
      and exists (
        select 1 from public.teams x
        where x.id = t.id
          and (x.status in ('open', 'full') or x.creator_id = (select auth.uid())
               or exists (select 1 from public.team_members y join public.profiles p on p.id = y.profile_id
                          where y.team_id = x.id and y.status in ('active', 'pending')
                            and p.auth_id = (select auth.uid())))));
end;
$$;

-- Who may see a face, and the other per-row helpers the listings and the avatars' policies call, in
-- PL/pgSQL as 20261129030000 did for sessions (why there): a security-definer SQL function is planned
-- again in every statement, once per row it is asked of. Same bodies. Measured with the load test's 200
-- athletes, each with a photo, as one of them: a page of /browse's athletes (12 faces asked for)
-- 3.6–3.9 → 1.4–1.5 ms.

create or replace function private.visible_photo_path(p_profile_id uuid)
returns text language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select p.photo_path from public.profiles p
    where p.id = p_profile_id and p.photo_path is not null and private.photo_visible(p.auth_id));
end;
$$;

create or replace function private.photo_visible(owner uuid)
returns boolean language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select owner is not null and (
      owner = (select auth.uid())
      or private.is_moderator()
      or exists (
        select 1 from public.profiles p
        cross join (select private.my_profile_id() as id) me
        where p.auth_id = owner
          and not exists (select 1 from private.suspended_accounts s where s.user_id = p.auth_id)
          and (me.id is null or not private.blocked_between(me.id, p.id))
          and (p.is_public or (me.id is not null and me.id <> p.id and private.may_contact(me.id, p.id))))));
end;
$$;

create or replace function private.may_contact(me uuid, other uuid)
returns boolean language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select exists (select 1 from public.profiles p where p.id = other and p.is_public)
        or exists (
          select 1 from public.conversations c
          where c.participant_one_id = least(me, other) and c.participant_two_id = greatest(me, other))
        or exists (
          -- Both live members of one team, or one of them created a team the other is in.
          select 1
          from public.teams t
          left join public.team_members a on a.team_id = t.id and a.status in ('active', 'pending')
          join public.profiles pa on pa.id = me
          join public.profiles pb on pb.id = other
          where (t.creator_id = pa.auth_id or a.profile_id = me)
            and (t.creator_id = pb.auth_id or exists (
                  select 1 from public.team_members b
                  where b.team_id = t.id and b.profile_id = other and b.status in ('active', 'pending')))));
end;
$$;

create or replace function private.is_moderator()
returns boolean language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select exists (select 1 from private.moderators m where m.user_id = (select auth.uid())));
end;
$$;

create or replace function private.my_created_team_ids()
returns setof uuid language plpgsql stable security definer set search_path = '' as $$
begin
  return query
    select t.id from public.teams t where t.creator_id = (select auth.uid());
end;
$$;

create or replace function private.my_blocked_profiles()
returns table(profile_id uuid, auth_id uuid) language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  return query
    with me as materialized (select private.my_profile_id() as id)
    select p.id, p.auth_id
    from me
    join public.blocks k on k.blocker_id = me.id or k.blocked_id = me.id
    join public.profiles p on p.id = case when k.blocker_id = me.id then k.blocked_id else k.blocker_id end;
end;
$$;

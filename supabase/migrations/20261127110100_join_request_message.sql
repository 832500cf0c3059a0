-- The automatic message a join request posts to the team's creator reads as a person wrote it: the
-- creator's first name, the team and the leg, who is asking (name, @username, specialty, experience,
-- goals) and a named link to their profile, "[View Sam's profile](/profile/<id>)", which the thread shows
-- as a link called "View Sam's profile" (lib/messages/profile-links.ts), never as a raw path. What the
-- message carries is unchanged; the function is the 20261123003000 definition with only its text changed.

-- "Sam" from "Sam O'Neil" (the whole name when it has no space).
create or replace function private.first_name(full_name text)
returns text language sql immutable set search_path = '' as $$
  select coalesce(nullif(split_part(btrim(full_name), ' ', 1), ''), full_name)
$$;
revoke all on function private.first_name(text) from public, anon, authenticated;

create or replace function public.request_to_join_team(p_team_id uuid, p_role text default null)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  t public.teams;
  creator public.profiles;
  existing public.team_members;
  m public.team_members;
  conversation uuid;
  role text := coalesce(nullif(p_role, ''), me.specialty);
begin
  select * into t from public.teams where id = p_team_id for update;
  if t.id is null or (t.status = 'closed' and t.creator_id <> me.auth_id and not exists (
      select 1 from public.team_members x where x.team_id = t.id and x.profile_id = me.id and x.status in ('active', 'pending'))) then
    raise exception 'Team not found' using errcode = 'P0002';
  end if;
  if t.creator_id = me.auth_id then
    raise exception 'You cannot request to join your own team' using errcode = 'P0001';
  end if;
  select * into existing from public.team_members x
  where x.team_id = t.id and x.profile_id = me.id and x.status in ('active', 'pending');
  if existing.status = 'active' then
    raise exception 'You are already a member of this team' using errcode = 'P0001';
  elsif existing.status = 'pending' then
    raise exception 'You already have a pending request to join this team' using errcode = 'P0001';
  end if;
  if t.status <> 'open' then
    raise exception 'This team is not accepting new members right now' using errcode = 'P0001';
  end if;
  if role is null or role not in ('swimmer', 'cyclist', 'runner') then
    raise exception 'Please choose swimmer, cyclist or runner' using errcode = 'P0001';
  end if;
  select * into creator from public.profiles where auth_id = t.creator_id;
  if creator.id is null then
    raise exception 'Failed to send message: the team''s creator has no profile' using errcode = 'P0001';
  end if;

  begin
    insert into public.team_members (team_id, profile_id, role, status) values (t.id, me.id, role, 'pending')
    returning * into m;
  exception when unique_violation then
    raise exception 'You already have a pending request to join this team' using errcode = 'P0001';
  end;

  conversation := private.post_team_message(me.id, creator.id, format(
    E'Hi %s! I''d like to join "%s" as the %s.\n\n'
    'I''m %s (@%s), a %s with %s experience. My goals: %s\n\n'
    '[View %s''s profile](/profile/%s)',
    private.first_name(creator.full_name), t.name, role, me.full_name, me.username, me.specialty,
    me.experience_level, me.goals, private.first_name(me.full_name), me.id));

  return jsonb_build_object('member', to_jsonb(m), 'conversation_id', conversation);
end;
$$;

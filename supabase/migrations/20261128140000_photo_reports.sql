-- Reporting a profile photo, and a moderator removing it (docs/security.md#moderation, docs/product.md#photos).
--
-- A photo report names the profile (target_id) and keeps the photo's path as the reporter saw it
-- (photo_path): the moderator judges that photo, and removing it never takes down one the athlete has put
-- up since. Removal is one function, public.moderate_remove_photo, under the moderation lock and the
-- athlete's photo lock: it clears the profile's photo when it is still the reported one, closes every open
-- report on that photo, records 'remove_photo' and queues the athlete's notice (outbox kind 'photo_removed').
-- The objects themselves are removed by the server through the Storage API, by the names the function
-- returns: rows deleted from storage.objects in SQL would leave the bytes in the bucket's store (hosted
-- refuses such deletes for that reason).

alter table public.reports add column photo_path text;

comment on column public.reports.photo_path is
  'For a photo report, the photo as reported (`<auth_id>/<hash>`, profiles.photo_path at the time).';

alter table public.reports drop constraint reports_kind_enum;

alter table public.reports add constraint reports_kind_enum
  check (kind in ('message', 'profile', 'session', 'session_rsvp', 'photo'));

alter table public.reports add constraint reports_photo_snapshot check ((kind = 'photo') = (photo_path is not null));

alter table public.reports drop constraint reports_resolution_enum;

alter table public.reports add constraint reports_resolution_enum
  check (resolution in ('hide_message', 'hide_profile', 'suspend', 'dismiss', 'hide_session', 'remove_rsvp',
                        'remove_photo'));

alter table public.moderation_actions drop constraint moderation_actions_action_enum;

alter table public.moderation_actions add constraint moderation_actions_action_enum
  check (action in ('hide_message', 'hide_profile', 'suspend', 'dismiss', 'hide_session', 'remove_rsvp',
                    'remove_photo'));

-- Reports a message (one the caller can read: from the other participant of a conversation, or another
-- member's in a team chat), a profile (one the caller may see or contact) or a profile's photo (one the
-- caller may see: private.visible_photo_path, the rule every page reads; target is the profile). Returns
-- 'reported', or 'already_reported' when the caller's report on it is still open. Errors: P0002 not found
-- (also for what the caller may not see, and a profile without a photo), 22023 own content, P0429 rate, 42501.
create or replace function public.report_content(p_kind text, p_target uuid, p_reason text, p_details text default null)
returns text language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  my_profile uuid := private.my_profile_id();
  reported uuid;
  snapshot text;
  photo text;
begin
  if me is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if p_kind = 'message' then
    select m.sender_id, m.content into reported, snapshot from public.messages m
    where m.id = p_target and m.conversation_id in (select private.my_conversation_ids());
    if reported is null then
      select m.sender_id, m.content into reported, snapshot from public.team_chat_messages m
      where m.id = p_target and m.team_id in (select private.my_team_chat_ids());
    end if;
  elsif p_kind = 'profile' then
    select p.id into reported from public.profiles p
    where p.id = p_target
      and (p.is_public or (my_profile is not null and p.id <> my_profile and private.may_contact(my_profile, p.id)));
  elsif p_kind = 'photo' then
    photo := private.visible_photo_path(p_target);
    if photo is not null then
      reported := p_target;
    end if;
  else
    raise exception 'Choose a message, a profile or a photo to report' using errcode = '22023';
  end if;
  if reported is null then
    raise exception 'Not found' using errcode = 'P0002', detail = 'REPORT_TARGET_NOT_FOUND';
  end if;
  if reported is not distinct from my_profile then
    raise exception 'You can''t report yourself' using errcode = '22023', detail = 'REPORT_SELF';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('report:' || me::text, 0));
  if exists (
    select 1 from public.reports r
    where r.reporter_id = me and r.kind = p_kind and r.target_id = p_target and r.status = 'open'
  ) then
    return 'already_reported';
  end if;
  perform private.limit_report_rate(me);
  insert into public.reports (reporter_id, kind, target_id, reported_profile_id, message_content, photo_path, reason, details)
  values (me, p_kind, p_target, reported, snapshot, photo, p_reason, nullif(p_details, ''))
  on conflict (reporter_id, kind, target_id) where status = 'open' do nothing;
  return case when found then 'reported' else 'already_reported' end;
end;
$$;

-- Records the action and closes the report with the others it settles: every open report on the same
-- hidden message, profile or session, removed RSVP or removed photo (the same photo: a report on one put up
-- since stays open), every open report on a suspended account; a dismissal closes only its own.
-- Returns how many reports were closed.
create or replace function private.finish_moderation(r public.reports, p_action text)
returns int language plpgsql security definer set search_path = '' as $$
declare
  closed int;
begin
  insert into public.moderation_actions (moderator_id, action, report_id, target_id)
  values ((select auth.uid()), p_action,
          r.id, case when p_action = 'suspend' then r.reported_profile_id else r.target_id end);
  update public.reports x
  set status = case when p_action = 'dismiss' then 'dismissed' else 'actioned' end,
      resolved_at = now(), resolved_by = (select auth.uid()), resolution = p_action
  where x.status = 'open'
    and (x.id = r.id
         or (p_action in ('hide_message', 'hide_profile', 'hide_session', 'remove_rsvp')
             and x.kind = r.kind and x.target_id = r.target_id)
         or (p_action = 'remove_photo' and x.kind = 'photo' and x.target_id = r.target_id
             and x.photo_path = r.photo_path)
         or (p_action = 'suspend' and x.reported_profile_id = r.reported_profile_id));
  get diagnostics closed = row_count;
  return closed;
end;
$$;

revoke all on function private.finish_moderation(public.reports, text) from public, anon, authenticated;

-- Removes a reported photo: the profile's photo is cleared when it is still the reported one (then the
-- athlete is told, once: the outbox's dedupe key is the report), and the report is closed with every other
-- open one on that photo. Returns the reports closed, the profile, whether its photo was cleared, and the
-- names of the reported photo's objects (every size and the original) for the caller to remove through the
-- Storage API. A photo the athlete has replaced since is left alone; the reported one's objects, which their
-- own replacement normally removed, are still returned if any remain.
create or replace function public.moderate_remove_photo(p_report uuid)
returns table (closed int, profile_id uuid, cleared boolean, object_names text[])
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reports := private.begin_moderation(p_report, 'photo');
  account uuid;
  current_path text;
  was_cleared boolean := false;
begin
  select p.auth_id into account from public.profiles p where p.id = r.target_id;
  -- The athlete's own photo changes take this lock before the profile row (lib/photos/store.ts), so an
  -- upload in flight finishes first or waits for this one.
  perform pg_advisory_xact_lock(hashtextextended('photo:' || account::text, 0));
  select p.photo_path into current_path from public.profiles p where p.id = r.target_id for update;
  if current_path = r.photo_path then
    update public.profiles set photo_path = null where id = r.target_id;
    insert into private.notification_outbox (kind, dedupe_key, recipient_id, detail)
    values ('photo_removed', 'photo_removed:' || r.id::text, r.target_id, r.reason)
    on conflict (dedupe_key) do nothing;
    was_cleared := true;
  end if;
  return query select private.finish_moderation(r, 'remove_photo'), r.target_id, was_cleared,
    array(select o.name from storage.objects o
          where o.bucket_id = 'avatars' and o.name like r.photo_path || '-%' order by o.name);
end;
$$;

revoke all on function public.moderate_remove_photo(uuid) from public, anon;

grant execute on function public.moderate_remove_photo(uuid) to authenticated;

-- The queue for /moderation: open reports, oldest first, with what was reported and its state now (for a
-- photo report, the photo as reported and whether the profile still shows it). Security definer because a
-- reported athlete's profile may be private; the role check keeps it to moderators.
drop function public.moderation_queue(int);

create function public.moderation_queue(lim int default 100)
returns table (
  id uuid,
  kind text,
  reason text,
  details text,
  created_at timestamptz,
  reporter_name text,
  target_id uuid,
  message_content text,
  message_hidden boolean,
  profile_id uuid,
  profile_username text,
  profile_full_name text,
  profile_bio text,
  profile_goals text,
  profile_hidden boolean,
  account_suspended boolean,
  open_reports_on_target int,
  photo_path text,
  photo_current boolean
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_moderator();
  return query
  select r.id, r.kind, r.reason, r.details, r.created_at,
         coalesce(rp.full_name, 'An athlete without a profile'),
         r.target_id, r.message_content,
         exists (select 1 from private.hidden_messages h where h.id = r.target_id),
         p.id, p.username, p.full_name, p.bio, p.goals,
         exists (select 1 from private.hidden_profiles h where h.profile_id = p.id),
         exists (select 1 from private.suspended_accounts s where s.user_id = p.auth_id),
         (select count(*)::int from public.reports o
          where o.status = 'open' and o.kind = r.kind and o.target_id = r.target_id),
         r.photo_path,
         r.photo_path is not null and r.photo_path = p.photo_path
  from public.reports r
  join public.profiles p on p.id = r.reported_profile_id
  left join public.profiles rp on rp.auth_id = r.reporter_id
  where r.status = 'open'
  order by r.created_at, r.id
  limit least(greatest(lim, 1), 500);
end;
$$;

revoke all on function public.moderation_queue(int) from public, anon;

grant execute on function public.moderation_queue(int) to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- The athlete's notice: outbox kind 'photo_removed', with the report's reason. It is about their own
-- account, like the sign-in e-mails, so no switch turns it off and it carries no unsubscribe link.
-- ---------------------------------------------------------------------------------------------------------
alter table private.notification_outbox drop constraint notification_outbox_kind_enum;

alter table private.notification_outbox add constraint notification_outbox_kind_enum
  check (kind in ('join_request', 'decision', 'message', 'urgent_alert', 'team_closed', 'interest_confirm',
                  'invitation', 'team_chat', 'session_offer', 'session_change', 'session_reminder',
                  'session_summary', 'photo_removed'));

create or replace function private.wants_notification(profile uuid, kind text)
returns boolean language sql stable security definer set search_path = '' as $$
  select case kind
    when 'join_request' then coalesce(s.join_requests, true)
    -- "Join requests and invitations": being asked to join is the invitee's side of the same thing.
    when 'invitation' then coalesce(s.join_requests, true)
    when 'decision' then coalesce(s.decisions, true)
    -- A team you were in or asked to join was closed: news about your requests, switched with decisions.
    when 'team_closed' then coalesce(s.decisions, true)
    when 'message' then coalesce(s.messages, true)
    -- A message in your team's chat is a new message like any other.
    when 'team_chat' then coalesce(s.messages, true)
    when 'urgent_alert' then coalesce(s.urgent_alerts, false)
    when 'session_offer' then coalesce(s.session_updates, true)
    when 'session_change' then coalesce(s.session_updates, true)
    when 'session_reminder' then coalesce(s.session_reminders, true)
    when 'session_summary' then coalesce(s.session_reminders, true)
    -- A moderator removed your photo: about your own account, always sent.
    when 'photo_removed' then true
    else false
  end
  from (select 1) one
  left join public.notification_settings s on s.profile_id = profile
$$;


revoke all on function private.wants_notification(uuid, text) from public, anon, authenticated;

create or replace function private.notification_content(r private.notification_outbox, p_now timestamptz)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
  first_unread timestamptz;
  unread int;
  last_claim timestamptz;
  later timestamptz;
begin
  if r.kind in ('session_offer', 'session_change', 'session_reminder', 'session_summary') then
    return coalesce(private.session_notification_content(r, p_now), jsonb_build_object('skip', 'event no longer exists'));
  elsif r.kind = 'team_chat' then
    return coalesce(private.team_chat_notification_content(r, p_now), jsonb_build_object('skip', 'event no longer exists'));
  elsif r.kind = 'interest_confirm' then
    select case when q.confirmed_at is not null then jsonb_build_object('skip', 'already confirmed')
           when q.expires_at <= p_now then jsonb_build_object('skip', 'request expired')
           else jsonb_build_object('data', jsonb_build_object(
             'request_id', q.id, 'name', q.name, 'specialty', q.specialty, 'expires_at', q.expires_at)) end
    into result
    from private.interest_requests q where q.id = r.interest_request_id;
  elsif r.kind = 'photo_removed' then
    result := jsonb_build_object('data', jsonb_build_object('reason', r.detail));
  elsif r.kind = 'team_closed' then
    result := jsonb_build_object('data', jsonb_build_object('team_name', r.detail));
  elsif r.kind = 'invitation' then
    select case
      when i.status <> 'pending' then jsonb_build_object('skip', 'invitation already answered')
      when t.status <> 'open' then jsonb_build_object('skip', 'team no longer taking members')
      when private.blocked_between(c.id, i.profile_id) then jsonb_build_object('skip', 'blocked')
      else jsonb_build_object('data', jsonb_build_object(
        'team_id', t.id, 'team_name', t.name, 'role', i.role, 'location', t.location,
        'inviter_name', case when c.is_public then c.full_name end,
        -- The urgent need while it is still ahead (a past date is no longer a need).
        'urgent_role', case when t.urgent_by >= (p_now at time zone 'Australia/Brisbane')::date then t.urgent_role end,
        'urgent_by', case when t.urgent_by >= (p_now at time zone 'Australia/Brisbane')::date then t.urgent_by end))
    end
    into result
    from public.team_invitations i
    join public.teams t on t.id = i.team_id
    join public.profiles c on c.auth_id = t.creator_id
    where i.id = r.invitation_id;
  elsif r.kind = 'join_request' then
    select case when m.status <> 'pending' then jsonb_build_object('skip', 'request already answered or withdrawn')
           else jsonb_build_object('data', jsonb_build_object(
             'team_id', t.id, 'team_name', t.name, 'requester_name', p.full_name, 'requester_username', p.username,
             'role', m.role, 'experience_level', p.experience_level)) end
    into result
    from public.team_members m join public.teams t on t.id = m.team_id join public.profiles p on p.id = m.profile_id
    where m.id = r.member_id;
  elsif r.kind = 'decision' then
    select jsonb_build_object('data', jsonb_build_object('team_id', t.id, 'team_name', t.name, 'decision', r.detail))
    into result from public.teams t where t.id = r.team_id;
  elsif r.kind = 'urgent_alert' then
    select case
      when t.status <> 'open' or t.urgent_role is distinct from r.detail
           or t.urgent_by < (p_now at time zone 'Australia/Brisbane')::date
        then jsonb_build_object('skip', 'no longer urgent')
      when not (p.is_public and p.looking_for_team and p.specialty = r.detail)
        then jsonb_build_object('skip', 'recipient no longer looking for this leg')
      else jsonb_build_object('data', jsonb_build_object(
        'team_id', t.id, 'team_name', t.name, 'role', t.urgent_role, 'urgent_by', t.urgent_by, 'location', t.location))
    end
    into result
    from public.teams t, public.profiles p where t.id = r.team_id and p.id = r.recipient_id;
  elsif r.kind = 'message' then
    select min(m.created_at), count(*)::int into first_unread, unread
    from public.messages m
    where m.conversation_id = r.conversation_id and m.sender_id <> r.recipient_id and not m.read;
    if unread = 0 then
      return jsonb_build_object('skip', 'read in time');
    end if;
    -- Due 5 minutes after the oldest unread message, and at most one e-mail per conversation per 30 minutes.
    select max(o.claimed_at) into last_claim from private.notification_outbox o
    where o.conversation_id = r.conversation_id and o.recipient_id = r.recipient_id and o.kind = 'message'
      and o.status in ('sending', 'sent') and o.id <> r.id;
    later := greatest(first_unread + interval '5 minutes', last_claim + interval '30 minutes');
    if later > p_now then
      return jsonb_build_object('later', later);
    end if;
    select jsonb_build_object('data', jsonb_build_object(
      'conversation_id', r.conversation_id, 'sender_name', s.full_name, 'count', unread,
      'excerpt', left(last.content, 140), 'truncated', char_length(last.content) > 140))
    into result
    from (select m.content, m.sender_id from public.messages m
          where m.conversation_id = r.conversation_id and m.sender_id <> r.recipient_id and not m.read
          order by m.created_at desc, m.id desc limit 1) last
    join public.profiles s on s.id = last.sender_id;
  end if;
  return coalesce(result, jsonb_build_object('skip', 'event no longer exists'));
end;
$$;


revoke all on function private.notification_content(private.notification_outbox, timestamptz)
  from public, anon, authenticated;

-- Reports of an athlete's place in a session, filed from the session's page.
--
-- Who may report a place stays as before (the host, or an athlete going to that date: those who were there
-- can tell), now named once in private.may_report_places, which the page asks to show its Report buttons.
-- What may be reported narrows to the places the reporter sees on the page (public.session_attendees): a
-- place going (or attended), and for the host also one waiting or offered; never a place given up (there is
-- nothing left to take out) nor one hidden from the reporter by a block.

create or replace function private.may_report_places(p_occurrence uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  with me as (select private.my_profile_id() as id)
  select me.id is not null and exists (
    select 1 from public.session_occurrences o
    join public.training_sessions t on t.id = o.session_id
    where o.id = p_occurrence and private.session_visible_to_me(t)
      and (t.host_id = me.id or exists (
        select 1 from public.session_rsvps mine
        where mine.occurrence_id = o.id and mine.profile_id = me.id
          and mine.state in ('going', 'attended', 'no_show'))))
  from me
$$;

revoke all on function private.may_report_places(uuid) from public, anon;

grant execute on function private.may_report_places(uuid) to authenticated;

-- As before (training sessions migration), with the place's rule above.
create or replace function public.report_session_content(p_kind text, p_target uuid, p_reason text, p_details text default null)
returns text language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  my_profile uuid := private.my_profile_id();
  reported uuid;
  snapshot text;
  s public.training_sessions;
begin
  if me is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if p_kind = 'session' then
    select * into s from public.training_sessions t where t.id = p_target;
    if s.id is not null and private.session_visible_to_me(s) then
      reported := s.host_id;
      snapshot := s.title || coalesce(E'\n\n' || s.details, '') || coalesce(E'\n\n' || s.meeting_note, '');
    end if;
  elsif p_kind = 'session_rsvp' then
    select r.profile_id into reported
    from public.session_rsvps r
    join public.session_occurrences o on o.id = r.occurrence_id
    join public.training_sessions t on t.id = o.session_id
    where r.id = p_target and private.may_report_places(o.id)
      and (r.state in ('going', 'attended', 'no_show')
           or (t.host_id = my_profile and r.state in ('waitlisted', 'offered')))
      and (r.profile_id = my_profile or not private.blocked_between(my_profile, r.profile_id));
  else
    raise exception 'Choose a session or an athlete''s place to report' using errcode = '22023';
  end if;
  if reported is null then
    raise exception 'Not found' using errcode = 'P0002', detail = 'REPORT_TARGET_NOT_FOUND';
  end if;
  if reported is not distinct from my_profile then
    raise exception 'You can''t report yourself' using errcode = '22023', detail = 'REPORT_SELF';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('report:' || me::text, 0));
  if exists (select 1 from public.reports r
             where r.reporter_id = me and r.kind = p_kind and r.target_id = p_target and r.status = 'open') then
    return 'already_reported';
  end if;
  perform private.limit_report_rate(me);
  insert into public.reports (reporter_id, kind, target_id, reported_profile_id, message_content, reason, details)
  values (me, p_kind, p_target, reported, snapshot, p_reason, nullif(p_details, ''))
  on conflict (reporter_id, kind, target_id) where status = 'open' do nothing;
  return case when found then 'reported' else 'already_reported' end;
end;
$$;

-- The private calendar feed gains training sessions: one event per date the feed's athlete is going to (or
-- came to) or hosts, from 30 days back to the horizon, cancelled ones included (the calendar marks them
-- cancelled rather than losing them silently). `sequence` follows every move or cancellation, so calendar
-- apps update the entry. Read without a session, by the token's hash, like public.calendar_feed; nothing of
-- other athletes leaves here.
create or replace function public.calendar_feed_sessions(p_token_hash text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'occurrence_id', o.id, 'title', s.title, 'sport', s.sport, 'starts_at', o.starts_at,
           'duration_minutes', s.duration_minutes, 'meeting_point', coalesce(o.meeting_point, s.meeting_point),
           'meeting_note', coalesce(o.meeting_note, s.meeting_note), 'status', o.status,
           'sequence', o.sequence, 'updated_at', o.updated_at, 'hosting', s.host_id = f.profile_id)
         order by o.starts_at, o.id), '[]'::jsonb)
  from public.calendar_feeds f
  join public.session_occurrences o on true
  join public.training_sessions s on s.id = o.session_id
  where f.token_hash = p_token_hash
    and o.starts_at > now() - interval '30 days'
    and (s.host_id = f.profile_id
         or exists (select 1 from public.session_rsvps r
                    where r.occurrence_id = o.id and r.profile_id = f.profile_id
                      and r.state in ('going', 'attended', 'no_show')))
$$;

revoke all on function public.calendar_feed_sessions(text) from public;

grant execute on function public.calendar_feed_sessions(text) to anon, authenticated;

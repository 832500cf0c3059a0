-- Demo data for local development and tests (`supabase db reset` or the local stand-in runs it once on a
-- fresh database). Never run it against production.

-- Demo accounts (auth part). Password for all: noosa-demo-2026. Ids are fixed so specs can refer to them:
-- d0…0N, N one hex digit (9 is the moderator, below). 7 (ava) has no profile (a fresh account); 8 (ethan)
-- has a private profile; a–f are athletes looking for a team, so Browse shows every leg and level.
with pw as (select extensions.crypt('noosa-demo-2026', extensions.gen_salt('bf', 10)) as hash),
demo (n, email) as (
  values ('1', 'mia@example.com'), ('2', 'jack@example.com'), ('3', 'olivia@example.com'),
         ('4', 'liam@example.com'), ('5', 'chloe@example.com'), ('6', 'noah@example.com'),
         ('7', 'ava@example.com'), ('8', 'ethan@example.com'), ('a', 'zoe@example.com'),
         ('b', 'sam@example.com'), ('c', 'priya@example.com'), ('d', 'tom@example.com'),
         ('e', 'grace@example.com'), ('f', 'ben@example.com')
)
-- The token columns are '' as GoTrue writes them: they default to NULL, and Supabase Auth fails every sign-in
-- of a user with a NULL there (500 "Database error querying schema").
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        confirmation_token, recovery_token, email_change_token_new, email_change,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000',
       ('d0000000-0000-4000-8000-00000000000' || n)::uuid, 'authenticated', 'authenticated', email, pw.hash,
       now() - interval '30 days', '', '', '', '',
       '{"provider": "email", "providers": ["email"]}', '{}', now() - interval '30 days', now() - interval '30 days'
from demo, pw
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', u.created_at, u.created_at
from auth.users u
where u.id::text like 'd0000000-0000-4000-8000-00000000000_'
on conflict (provider_id, provider) do nothing;
-- end of demo accounts (auth part)

-- profiles (demo) ------------------------------------------------------------------------------------------
-- Profiles of demo accounts 1–6 and a–f (public, looking for a team) and 8
-- (private); 7 (ava) has none. Profile ids are fixed (e0…0N for account d0…0N) so tests can link to them.
insert into public.profiles (id, auth_id, username, full_name, bio, location, is_public, looking_for_team,
                             specialty, experience_level, training_preference, goals, target_times, availability,
                             achievements)
values
  ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'mia_swims', 'Mia Lawson',
   'Former pool squad swimmer who now lives for the ocean. Happy to lead the swim leg of any relay.',
   '{"display_name": "Noosa Heads", "coordinates": [153.0905, -26.3943]}', true, true, 'swimmer', 'advanced',
   'Early morning ocean swims', 'Swim the 1.5 km leg in under 22 minutes for a relay team at the Noosa Triathlon.',
   '{"swim": "21:30"}', '{"days": ["monday", "wednesday", "saturday"], "times": ["early_morning"]}',
   array['Noosa Ocean Swim 2024, 3rd in age group', 'Queensland masters 1500 m finalist']),
  ('e0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000002', 'jack_rides', 'Jack Nguyen',
   'Weekend bunch rider, climbs the Noosa hinterland for fun.',
   '{"display_name": "Noosaville", "coordinates": [153.0667, -26.4000]}', true, true, 'cyclist', 'intermediate',
   'Weekend long rides', 'Ride the 40 km leg under 70 minutes and meet a swimmer and runner to team with.',
   '{"bike": "1:08:00"}', '{"days": ["saturday", "sunday"], "times": ["morning"]}',
   array['Tour de Noosa 2024 finisher']),
  ('e0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000003', 'olivia_runs', 'Olivia Park',
   'Track background, now running trails around the national park.',
   '{"display_name": "Sunshine Beach", "coordinates": [153.1050, -26.4080]}', true, true, 'runner', 'elite',
   'Interval sessions at dawn', 'Run the 10 km leg in under 36 minutes and help a relay team reach the podium.',
   '{"run": "35:40"}', '{"days": ["tuesday", "thursday", "saturday"], "times": ["early_morning", "evening"]}',
   array['Sunshine Coast Marathon 10 km winner 2024', 'Noosa Tri relay podium 2023']),
  ('e0000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000004', 'liam_learns', 'Liam O''Brien',
   'New to triathlon after years of surfing. Keen to learn from experienced athletes.',
   '{"display_name": "Tewantin", "coordinates": [153.0333, -26.3910]}', true, true, 'swimmer', 'beginner',
   null, 'Finish my first Noosa Triathlon as part of a friendly relay team.',
   '{}', '{"days": ["sunday"], "times": ["afternoon"]}', '{}'),
  ('e0000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000005', 'chloe_cycles', 'Chloe Martin',
   'Time-trial specialist who loves the flat, fast bike course.',
   '{"display_name": "Peregian Beach", "coordinates": [153.0880, -26.4810]}', true, true, 'cyclist', 'advanced',
   'Midweek time-trial efforts', 'Ride the bike leg under 62 minutes and join a competitive relay team.',
   '{"bike": "1:01:30"}', '{"days": ["tuesday", "thursday"], "times": ["evening"]}',
   array['Queensland TT championships top 10']),
  ('e0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000006', 'noah_strides', 'Noah Williams',
   'Parkrun regular, building towards my first Olympic-distance leg.',
   '{"display_name": "Cooroy", "coordinates": [152.9110, -26.4170]}', true, true, 'runner', 'intermediate',
   'Easy runs after work', 'Run the 10 km leg under 45 minutes with a relay team of locals.',
   '{"run": "44:30"}', '{"days": ["monday", "wednesday", "friday"], "times": ["evening"]}',
   array['Noosa parkrun 100 club']),
  ('e0000000-0000-4000-8000-00000000000a', 'd0000000-0000-4000-8000-00000000000a', 'zoe_strokes', 'Zoe Harris',
   'Swam at school, back in the water after a few years off. Happiest in the calm water of the river mouth.',
   '{"display_name": "Coolum Beach", "coordinates": [153.0890, -26.5290]}', true, true, 'swimmer', 'intermediate',
   'Lunchtime pool sessions', 'Swim the 1.5 km leg in under 28 minutes for a relay team of locals.',
   '{"swim": "27:45"}', '{"days": ["tuesday", "thursday"], "times": ["midday"]}', '{}'),
  ('e0000000-0000-4000-8000-00000000000b', 'd0000000-0000-4000-8000-00000000000b', 'sam_spins', 'Sam Kelly',
   'Bought a road bike last winter and has not stopped riding since. Keen to ride in a relay.',
   '{"display_name": "Noosaville", "coordinates": [153.0667, -26.4000]}', true, true, 'cyclist', 'beginner',
   'Easy Sunday rides', 'Ride the 40 km leg without stopping and enjoy race day with a team.',
   '{}', '{"days": ["sunday"], "times": ["morning"]}', '{}'),
  ('e0000000-0000-4000-8000-00000000000c', 'd0000000-0000-4000-8000-00000000000c', 'priya_paces', 'Priya Shah',
   'Half-marathon runner who wants to try racing as part of a team.',
   '{"display_name": "Noosa Heads", "coordinates": [153.0905, -26.3943]}', true, true, 'runner', 'advanced',
   'Tempo runs on the boardwalk', 'Run the 10 km leg in under 40 minutes for a competitive relay team.',
   '{"run": "39:20"}', '{"days": ["monday", "thursday", "saturday"], "times": ["early_morning"]}',
   array['Sunshine Coast Half Marathon, 1:29']),
  ('e0000000-0000-4000-8000-00000000000d', 'd0000000-0000-4000-8000-00000000000d', 'tom_swims_open', 'Tom Reid',
   'Open-water swimmer and surf lifesaver. Will swim the leg for any team that wants a fast start.',
   '{"display_name": "Sunrise Beach", "coordinates": [153.1040, -26.4170]}', true, true, 'swimmer', 'elite',
   'Ocean swims at first light', 'Lead a relay team out of the water in under 19 minutes.',
   '{"swim": "18:50"}', '{"days": ["monday", "wednesday", "friday"], "times": ["early_morning"]}',
   array['Noosa Ocean Swim 2024, 1st overall', 'Surf lifesaving state titles finalist']),
  ('e0000000-0000-4000-8000-00000000000e', 'd0000000-0000-4000-8000-00000000000e', 'grace_climbs', 'Grace Lee',
   'Former road racer who still rides the hinterland hills every week.',
   '{"display_name": "Pomona", "coordinates": [152.8560, -26.3660]}', true, true, 'cyclist', 'elite',
   'Hill repeats in the hinterland', 'Ride the 40 km leg in under 58 minutes for a podium relay team.',
   '{"bike": "57:40"}', '{"days": ["wednesday", "saturday"], "times": ["morning"]}',
   array['Queensland road championships, 2nd']),
  ('e0000000-0000-4000-8000-00000000000f', 'd0000000-0000-4000-8000-00000000000f', 'ben_jogs', 'Ben Taylor',
   'Started running with the couch-to-5k plan last year. Looking for a friendly team for my first race.',
   '{"display_name": "Eumundi", "coordinates": [152.9520, -26.4770]}', true, true, 'runner', 'beginner',
   'Evening jogs', 'Finish the 10 km leg running all the way, with a team that races for fun.',
   '{}', '{"days": ["tuesday", "friday"], "times": ["evening"]}', '{}'),
  ('e0000000-0000-4000-8000-000000000008', 'd0000000-0000-4000-8000-000000000008', 'ethan_private', 'Ethan Brooks',
   'Keeps his profile private while he decides on this year''s race.',
   '{"display_name": "Noosa Heads", "coordinates": [0, 0]}', false, false, 'cyclist', 'elite',
   'Solo rides', 'Decide between racing solo and joining a relay team this year.',
   '{}', '{"days": [], "times": []}', '{}')
on conflict (auth_id) do nothing;
-- end of profiles (demo) -----------------------------------------------------------------------------------

-- teams (demo) ---------------------------------------------------------------------------------------------
-- One team per creator, one in every state (README, "Demo accounts"):
--   Mia (1)   "Noosa Heads Dawn Patrol"  open, with a pending request from Noah (6) and its automatic message
--   Jack (2)  "Hinterland Hammers"       full: Jack, Olivia (3) and Liam (4) cover all three legs
--   Chloe (5) "Peregian Pace Setters"    open, urgent: needs a runner within 3 days
--   Ethan (8) "Sunday Social Relay"      closed (private creator): only he sees it
-- Team ids are fixed (7ea4…0N) so specs can link to them.
-- Every date is made from today (Noosa time) and race day (private.race_day(), lib/site.ts event.raceDay),
-- so the urgent day, its "days left", the description and the calendar tell one story
-- (docs/product.md#demo-data): the urgent day is 3 days away but never after race day, and there is none
-- once race day has passed (the rule would refuse it).
insert into public.teams (id, name, description, location, creator_id, status, max_members, requirements,
                          training_schedule, urgent_role, urgent_by, created_at)
select id, name, description, location, creator_id, status, max_members, requirements::jsonb,
       training_schedule::jsonb,
       case when urgent_in is not null and day.race >= day.today then urgent_role end,
       case when urgent_in is not null and day.race >= day.today then least(day.today + urgent_in, day.race) end,
       created_at
from (select (now() at time zone 'Australia/Brisbane')::date as today, private.race_day() as race,
             trim(to_char(private.race_day(), 'FMDay FMDD FMMonth YYYY')) as race_words) day,
lateral (values
  ('7ea40000-0000-4000-8000-000000000001'::uuid, 'Noosa Heads Dawn Patrol',
   'Early starters who love the ocean. We have a strong swimmer and want a cyclist and a runner for race day, '
   || day.race_words || '.',
   'Noosa Heads', 'd0000000-0000-4000-8000-000000000001'::uuid, 'open', 3,
   '{"roles": ["cyclist", "runner"], "experience_levels": ["intermediate", "advanced"]}',
   '{"days": ["monday", "wednesday", "saturday"], "times": ["early_morning"]}', null, null::int,
   now() - interval '6 days'),
  ('7ea40000-0000-4000-8000-000000000002', 'Hinterland Hammers',
   'A complete relay that trains together on weekends. Full for now; follow along for next season.',
   'Noosaville', 'd0000000-0000-4000-8000-000000000002', 'full', 3,
   '{"roles": ["swimmer", "runner"], "experience_levels": ["beginner", "intermediate", "elite"]}',
   '{"days": ["saturday", "sunday"], "times": ["morning"]}', null, null, now() - interval '10 days'),
  ('7ea40000-0000-4000-8000-000000000003', 'Peregian Pace Setters',
   'Our runner withdrew with an injury. We need a 10 km runner within days, to train with us for race day, '
   || day.race_words || '. Friendly, competitive crew.',
   'Peregian Beach', 'd0000000-0000-4000-8000-000000000005', 'open', 3,
   '{"roles": ["swimmer", "runner"], "experience_levels": ["intermediate", "advanced", "elite"]}',
   '{"days": ["tuesday", "thursday"], "times": ["evening"]}', 'runner', 3, now() - interval '2 days'),
  ('7ea40000-0000-4000-8000-000000000004', 'Sunday Social Relay',
   'A relaxed relay for friends. Closed while Ethan decides on this year''s race.',
   null, 'd0000000-0000-4000-8000-000000000008', 'closed', 3,
   '{"roles": ["swimmer", "runner"], "experience_levels": ["beginner"]}', '{"days": ["sunday"], "times": []}',
   null, null, now() - interval '20 days')
) as t (id, name, description, location, creator_id, status, max_members, requirements, training_schedule,
        urgent_role, urgent_in, created_at)
on conflict do nothing;

insert into public.team_members (team_id, profile_id, role, status, joined_at)
values
  ('7ea40000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'swimmer', 'active', now() - interval '6 days'),
  ('7ea40000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000006', 'runner', 'pending', now() - interval '1 day'),
  ('7ea40000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000002', 'cyclist', 'active', now() - interval '10 days'),
  ('7ea40000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000003', 'runner', 'active', now() - interval '9 days'),
  ('7ea40000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000004', 'swimmer', 'active', now() - interval '8 days'),
  ('7ea40000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000005', 'cyclist', 'active', now() - interval '2 days'),
  ('7ea40000-0000-4000-8000-000000000004', 'e0000000-0000-4000-8000-000000000008', 'cyclist', 'active', now() - interval '20 days')
on conflict do nothing;

-- Joining a team unlists an athlete (private.follow_roster): Mia, Jack, Olivia, Liam and Chloe are no longer
-- listed as looking; Noah (a pending request only) and Zoe, Sam, Priya, Tom, Grace and Ben (in no team) still
-- are. The five joined days ago, so the prompt that would have asked them then ("Keep me listed?") is not
-- waiting for them now.
delete from public.looking_prompts
where profile_id::text like 'e0000000-0000-4000-8000-00000000000_' and reason = 'joined';

-- Noah's request to Mia, as the join flow would have posted it.
insert into public.messages (conversation_id, sender_id, content, created_at)
select private.ensure_conversation('e0000000-0000-4000-8000-000000000006', 'e0000000-0000-4000-8000-000000000001'),
       'e0000000-0000-4000-8000-000000000006',
       E'Hi Mia! I''d like to join "Noosa Heads Dawn Patrol" as the runner.\n\n'
       'I''m Noah Williams (@noah_strides), a runner with intermediate experience. '
       'My goals: Run the 10 km leg under 45 minutes with a relay team of locals.\n\n'
       '[View Noah''s profile](/profile/e0000000-0000-4000-8000-000000000006)',
       now() - interval '1 day'
where not exists (select 1 from public.messages x
                  where x.sender_id = 'e0000000-0000-4000-8000-000000000006' and x.content like '%Dawn Patrol%');
-- end of teams (demo) --------------------------------------------------------------------------------------

-- messaging (demo) -----------------------------------------------------------------------------------------
-- Two conversations of Mia (1): with Jack (2), who still has one
-- unread message for her, and with Olivia (3), all read. Ids are fixed (c0…0N) so specs can open them.
insert into public.conversations (id, participant_one_id, participant_two_id, created_at, updated_at)
values
  ('c0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
   'e0000000-0000-4000-8000-000000000002', now() - interval '2 days', now() - interval '2 days'),
  ('c0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001',
   'e0000000-0000-4000-8000-000000000003', now() - interval '5 days', now() - interval '5 days')
on conflict (id) do nothing;

insert into public.messages (id, conversation_id, sender_id, content, created_at, read)
values
  ('c1000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001',
   'e0000000-0000-4000-8000-000000000002', 'Hi Mia! I saw you''re after a relay team. I can ride the 40 km leg.',
   now() - interval '2 days', true),
  ('c1000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001',
   'e0000000-0000-4000-8000-000000000001', E'That would be great, Jack!\nDo you know a runner?',
   now() - interval '47 hours', true),
  ('c1000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001',
   'e0000000-0000-4000-8000-000000000002', 'Olivia runs a sub-36 10 km. I''ll ask her tonight.',
   now() - interval '3 hours', false),
  ('c1000000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000002',
   'e0000000-0000-4000-8000-000000000003', 'Hey Mia, fancy a swim-run session at Main Beach on Saturday?',
   now() - interval '5 days', true),
  ('c1000000-0000-4000-8000-000000000005', 'c0000000-0000-4000-8000-000000000002',
   'e0000000-0000-4000-8000-000000000001', 'Count me in. 6 am at the surf club?', now() - interval '4 days', true)
on conflict (id) do nothing;

-- The bump trigger set updated_at to now(); put each conversation back at its last message.
update public.conversations c set updated_at = m.last
from (select conversation_id, max(created_at) as last from public.messages group by conversation_id) m
where m.conversation_id = c.id and c.id::text like 'c0000000-0000-4000-8000-00000000000_';
-- end of messaging (demo) ----------------------------------------------------------------------------------

-- moderation (demo) ----------------------------------------------------------------------------------------
-- mod@example.com (account 9, no profile) is the demo moderator: /moderation. The role is a row in
-- private.moderators, which only an admin (psql, a migration, this seed) can write.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        confirmation_token, recovery_token, email_change_token_new, email_change,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', 'd0000000-0000-4000-8000-000000000009', 'authenticated',
       'authenticated', 'mod@example.com', extensions.crypt('noosa-demo-2026', extensions.gen_salt('bf', 10)),
       now() - interval '30 days', '', '', '', '', '{"provider": "email", "providers": ["email"]}', '{}',
       now() - interval '30 days', now() - interval '30 days'
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', u.created_at, u.created_at
from auth.users u
where u.id = 'd0000000-0000-4000-8000-000000000009'
on conflict (provider_id, provider) do nothing;

insert into private.moderators (user_id) values ('d0000000-0000-4000-8000-000000000009')
on conflict (user_id) do nothing;
-- end of moderation (demo) ---------------------------------------------------------------------------------

-- training sessions (demo) ---------------------------------------------------------------------------------
-- A week of group training around Noosa, counted from today in Noosa (docs/product.md#demo-data), made
-- through the same SQL functions the app calls, as each host and athlete (their claims set for the call),
-- so the places, the waitlist and the counts follow the rules:
--   Liam (4)   dawn ocean swim at Main Beach, tomorrow 05:45: full (Zoe, Priya), Tom and Ben waiting, and a
--              group chat of Liam, Zoe and Priya
--   Grace (e)  Noosa Hill bike repeats in two days: Sam going
--   Olivia (3) river run on the Noosaville foreshore, Tuesdays and Thursdays (a weekly series): Ben, Priya
--   Tom (d)    Sunshine Beach swim in three days, cancelled for the weather
--   Sam (b)    brick (bike then run) from Noosa Woods in five days: Grace going
-- Mia, Jack, Noah and Ava are in none, so their Messages story stays as above.
do $$
declare
  today date := (now() at time zone 'Australia/Brisbane')::date;
  swim uuid;
  hill uuid;
  river uuid;
  weather uuid;
  brick uuid;
  p constant text := 'e0000000-0000-4000-8000-00000000000';
  -- The demo accounts' ids without their last digit: a call is made as one by setting its claims.
  as_demo text := 'd0000000-0000-4000-8000-00000000000';
begin
  perform set_config('request.jwt.claims', json_build_object('sub', as_demo || '4', 'role', 'authenticated')::text, true);
  swim := (public.create_training_session(jsonb_build_object(
    'title', 'Dawn ocean swim at Main Beach', 'sport', 'open_water_swim', 'meeting_point', 'noosa_main_beach',
    'meeting_note', 'Blue flag by the surf club', 'details',
    'Two laps of the bay inside the flags, about 1.5 km. Bright caps, please; coffee after at the surf club.',
    'duration_minutes', 60, 'level', 'intermediate', 'places', 2, 'pace_unit', 'per_100m', 'pace_from', 95,
    'pace_to', 120, 'first_day', today + 1, 'local_time', '05:45')) ->> 'occurrence_id')::uuid;

  perform set_config('request.jwt.claims', json_build_object('sub', as_demo || 'e', 'role', 'authenticated')::text, true);
  hill := (public.create_training_session(jsonb_build_object(
    'title', 'Noosa Hill bike repeats', 'sport', 'bike', 'meeting_point', 'noosa_hill',
    'meeting_note', 'Bottom of Noosa Hill, Viewland Drive', 'details',
    'Six repeats of the climb, easy spin down. Lights on: the road is busy from seven.',
    'duration_minutes', 75, 'level', 'advanced', 'places', 6, 'pace_unit', 'kmh', 'pace_from', 28,
    'pace_to', 34, 'first_day', today + 2, 'local_time', '06:00')) ->> 'occurrence_id')::uuid;

  perform set_config('request.jwt.claims', json_build_object('sub', as_demo || '3', 'role', 'authenticated')::text, true);
  river := (public.create_training_session(jsonb_build_object(
    'title', 'River run on the foreshore', 'sport', 'run', 'meeting_point', 'noosaville_foreshore',
    'meeting_note', 'By the Gympie Terrace jetty', 'details',
    'Easy 8 km along the river with strides at the end. Every pace welcome; we loop back for the slower group.',
    'duration_minutes', 50, 'level', 'all', 'places', 10, 'pace_unit', 'per_km', 'pace_from', 270,
    'pace_to', 360, 'first_day', today, 'local_time', '17:30', 'repeat_days', jsonb_build_array(2, 4)))
    ->> 'occurrence_id')::uuid;

  perform set_config('request.jwt.claims', json_build_object('sub', as_demo || 'd', 'role', 'authenticated')::text, true);
  weather := (public.create_training_session(jsonb_build_object(
    'title', 'Sunshine Beach swim', 'sport', 'open_water_swim', 'meeting_point', 'sunshine_beach',
    'duration_minutes', 45, 'level', 'all', 'places', 8, 'first_day', today + 3, 'local_time', '06:15'))
    ->> 'occurrence_id')::uuid;

  perform set_config('request.jwt.claims', json_build_object('sub', as_demo || 'b', 'role', 'authenticated')::text, true);
  brick := (public.create_training_session(jsonb_build_object(
    'title', 'Brick: 40 km ride, 5 km run', 'sport', 'brick', 'meeting_point', 'noosa_woods',
    'meeting_note', 'Car park by the playground', 'details',
    'Race-pace rehearsal: the ride out to Tewantin and back, then straight into a 5 km run. Bring a transition bag.',
    'duration_minutes', 120, 'level', 'beginner', 'places', 4, 'first_day', today + 5, 'local_time', '06:30'))
    ->> 'occurrence_id')::uuid;

  -- Places, in the order the athletes took them.
  perform set_config('request.jwt.claims', json_build_object('sub', as_demo || 'a', 'role', 'authenticated')::text, true);
  perform public.take_session_place(swim);
  perform set_config('request.jwt.claims', json_build_object('sub', as_demo || 'c', 'role', 'authenticated')::text, true);
  perform public.take_session_place(swim);
  perform public.take_session_place(river);
  perform set_config('request.jwt.claims', json_build_object('sub', as_demo || 'd', 'role', 'authenticated')::text, true);
  perform public.take_session_place(swim);
  perform public.cancel_session_occurrence(weather, 'weather');
  perform set_config('request.jwt.claims', json_build_object('sub', as_demo || 'f', 'role', 'authenticated')::text, true);
  perform public.take_session_place(swim);
  perform public.take_session_place(river);
  perform set_config('request.jwt.claims', json_build_object('sub', as_demo || 'b', 'role', 'authenticated')::text, true);
  perform public.take_session_place(hill);
  perform set_config('request.jwt.claims', json_build_object('sub', as_demo || 'e', 'role', 'authenticated')::text, true);
  perform public.take_session_place(brick);
  perform set_config('request.jwt.claims', '', true);

  -- The swim's group chat, written over the last day; Liam has read it all, Zoe and Priya have one unread.
  insert into public.session_chat_messages (id, occurrence_id, sender_id, content, created_at) values
    ('5c000000-0000-4000-8000-000000000001', swim, (p || '4')::uuid,
     'Morning all! Meet at the blue flag by the surf club, caps on by 5:40.', now() - interval '20 hours'),
    ('5c000000-0000-4000-8000-000000000002', swim, (p || 'a')::uuid,
     'Great. Is it inside the flags or out to the point?', now() - interval '19 hours'),
    ('5c000000-0000-4000-8000-000000000003', swim, (p || 'c')::uuid,
     'I''ll bring a spare pair of goggles if anyone needs them.', now() - interval '6 hours'),
    ('5c000000-0000-4000-8000-000000000004', swim, (p || '4')::uuid,
     'Inside the flags, two laps of the bay. Swell is small, should be glassy.', now() - interval '2 hours');
  update public.session_chat_reads set last_read_at = now() - interval '2 hours'
  where occurrence_id = swim and profile_id = (p || '4')::uuid;
  update public.session_chat_reads set last_read_at = now() - interval '6 hours'
  where occurrence_id = swim and profile_id in ((p || 'a')::uuid, (p || 'c')::uuid);
end;
$$;
-- end of training sessions (demo) --------------------------------------------------------------------------

-- Relay teams (spec §3 team, team_member; limits of §5 and §9) and conversations (§3 conversation, message).
-- This migration holds the tables, their constraints and who may READ what. The writes that carry rules
-- (one team per creator, capacity, join requests, starting a conversation) live in SQL functions in the
-- migrations after it; messages are also written directly, under the insert policy below.
-- CHECKs mirror lib/validation/team.ts and lib/validation/message.ts; text follows private.is_safe_text.

-- The signed-in account's profile id, once per statement in policies (wrapped in a sub-select there).
-- Security definer so a policy on another table can ask without tripping the profiles policies.
create or replace function private.my_profile_id()
returns uuid language sql stable security definer set search_path = '' as $$
  select p.id from public.profiles p where p.auth_id = (select auth.uid())
$$;

-- Shape checks for the jsonb columns.
create or replace function private.team_requirements_valid(req jsonb)
returns boolean language sql immutable as $$
  select jsonb_typeof(req) = 'object'
     and (req - array['roles', 'experience_levels']) = '{}'::jsonb
     and jsonb_typeof(req -> 'roles') = 'array'
     and jsonb_typeof(req -> 'experience_levels') = 'array'
     and jsonb_array_length(req -> 'roles') >= 1
     and jsonb_array_length(req -> 'experience_levels') >= 1
     and (req -> 'roles') <@ '["swimmer","cyclist","runner"]'::jsonb
     and (req -> 'experience_levels') <@ '["beginner","intermediate","advanced","elite"]'::jsonb
     and jsonb_array_length(req -> 'roles') = (select count(distinct r) from jsonb_array_elements(req -> 'roles') r)
     and jsonb_array_length(req -> 'experience_levels')
         = (select count(distinct e) from jsonb_array_elements(req -> 'experience_levels') e)
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Teams
-- ---------------------------------------------------------------------------------------------------------
create table public.teams (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint teams_name_text check (char_length(name) between 3 and 50 and private.is_safe_text(name)),
  description text not null
    constraint teams_description_text
    check (char_length(description) between 10 and 500 and private.is_safe_text(description, true)),
  location text
    constraint teams_location_text check (char_length(location) between 2 and 100 and private.is_safe_text(location)),
  -- The creator's account id (spec §3), as profiles.auth_id. One team per creator (spec §9).
  creator_id uuid not null references auth.users (id) on delete cascade
    constraint teams_one_per_creator unique,
  status text not null default 'open' constraint teams_status_enum check (status in ('open', 'full', 'closed')),
  -- One athlete per leg by default; 2 to 6 for teams that share legs or keep a reserve.
  max_members int not null default 3 constraint teams_max_members_range check (max_members between 2 and 6),
  requirements jsonb not null constraint teams_requirements_shape check (private.team_requirements_valid(requirements)),
  training_schedule jsonb not null default '{"days": [], "times": []}'::jsonb
    constraint teams_training_schedule_shape check (private.profile_availability_valid(training_schedule)),
  -- Urgent vacancy: the leg the team needs and the date it needs it by ("Needs a runner by 2 Nov").
  -- Both or neither. The date is a calendar day in Noosa's time zone (Australia/Brisbane).
  urgent_role text constraint teams_urgent_role_enum check (urgent_role in ('swimmer', 'cyclist', 'runner')),
  urgent_by date,
  constraint teams_urgent_pair check ((urgent_role is null) = (urgent_by is null)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.teams is
  'Relay teams. Open and full teams are readable by anyone (a shared team link keeps working when the '
  'team fills up); closed teams only by their creator and members. Writes go through SQL functions.';

-- Listings: open teams, urgent ones first (by the date they need someone), then newest.
create index teams_open_created_idx on public.teams (created_at desc) where status = 'open';
create index teams_open_urgent_idx on public.teams (urgent_by, created_at desc)
  where status = 'open' and urgent_by is not null;

create table public.team_members (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  profile_id uuid not null references public.profiles (id) on delete cascade,
  -- The leg this member covers: their specialty, or the role they asked for.
  role text not null constraint team_members_role_enum check (role in ('swimmer', 'cyclist', 'runner')),
  status text not null default 'pending'
    constraint team_members_status_enum check (status in ('active', 'pending', 'declined', 'left')),
  joined_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.team_members is
  'Membership and join requests. Declined and left rows are kept as history; a profile has at most one live '
  '(active or pending) row per team.';

create unique index team_members_live_key on public.team_members (team_id, profile_id)
  where status in ('active', 'pending');
create index team_members_team_idx on public.team_members (team_id, status);
create index team_members_profile_idx on public.team_members (profile_id, status);

-- Policy helpers. Security definer so that the teams policy can look at team_members (and the other way
-- round) without the two policies calling each other forever.
create or replace function private.is_team_member(team uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.team_members m
    where m.team_id = team and m.status in ('active', 'pending')
      and m.profile_id = (select private.my_profile_id())
  )
$$;

create or replace function private.is_team_creator(team uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.teams t where t.id = team and t.creator_id = (select auth.uid()))
$$;

create or replace function private.set_updated_at()
returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger teams_set_updated_at before update on public.teams
  for each row execute function private.set_updated_at();
create trigger team_members_set_updated_at before update on public.team_members
  for each row execute function private.set_updated_at();

alter table public.teams enable row level security;
alter table public.team_members enable row level security;

create policy teams_select_listed on public.teams
  for select to anon, authenticated using (status in ('open', 'full'));

create policy teams_select_own on public.teams
  for select to authenticated
  using (creator_id = (select auth.uid()) or private.is_team_member(id));

-- A member row: the team's creator and the member see it; active rows are visible with their team.
create policy team_members_select on public.team_members
  for select to anon, authenticated
  using (
    (status = 'active' and exists (select 1 from public.teams t where t.id = team_id))
    or profile_id = (select private.my_profile_id())
    or private.is_team_creator(team_id)
  );

revoke all on public.teams, public.team_members from anon, authenticated;
grant select on public.teams, public.team_members to anon, authenticated;
grant all on public.teams, public.team_members to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Conversations and messages
-- ---------------------------------------------------------------------------------------------------------
create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  -- Stored sorted, so one pair of athletes has exactly one conversation.
  participant_one_id uuid not null references public.profiles (id) on delete cascade,
  participant_two_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Bumped by each new message (trigger below): the list is ordered by it.
  updated_at timestamptz not null default now(),
  constraint conversations_pair_sorted check (participant_one_id < participant_two_id),
  constraint conversations_pair_key unique (participant_one_id, participant_two_id)
);

-- "My conversations, newest first", from either side.
create index conversations_one_updated_idx on public.conversations (participant_one_id, updated_at desc);
create index conversations_two_updated_idx on public.conversations (participant_two_id, updated_at desc);

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  sender_id uuid not null references public.profiles (id) on delete cascade,
  content text not null
    constraint messages_content_text
    check (char_length(content) between 1 and 2000 and private.is_safe_text(content, true)),
  -- The clock at insert, not the transaction start, so a thread's order follows the order of sending.
  created_at timestamptz not null default clock_timestamp(),
  read boolean not null default false
);

-- The thread in order, and (read backwards) the latest message per conversation.
create index messages_thread_idx on public.messages (conversation_id, created_at, id);
-- Unread counts: few rows, so a small partial index.
create index messages_unread_idx on public.messages (conversation_id, sender_id) where not read;

create or replace function private.is_participant(conversation uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.conversations c
    where c.id = conversation
      and (select private.my_profile_id()) in (c.participant_one_id, c.participant_two_id)
  )
$$;

-- A new message moves its conversation to the top of both lists.
create or replace function private.messages_bump_conversation()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.conversations set updated_at = greatest(updated_at, new.created_at)
  where id = new.conversation_id;
  return new;
end;
$$;

create trigger messages_bump_conversation after insert on public.messages
  for each row execute function private.messages_bump_conversation();

alter table public.conversations enable row level security;
alter table public.messages enable row level security;

-- Only the two participants see a conversation and its messages.
create policy conversations_select_participant on public.conversations
  for select to authenticated
  using ((select private.my_profile_id()) in (participant_one_id, participant_two_id));

create policy messages_select_participant on public.messages
  for select to authenticated using (private.is_participant(conversation_id));

-- A participant writes only as themselves.
create policy messages_insert_participant on public.messages
  for insert to authenticated
  with check (sender_id = (select private.my_profile_id()) and private.is_participant(conversation_id));

-- Marking read: a participant, and only the other person's messages.
create policy messages_update_read on public.messages
  for update to authenticated
  using (private.is_participant(conversation_id) and sender_id <> (select private.my_profile_id()))
  with check (private.is_participant(conversation_id) and sender_id <> (select private.my_profile_id()));

revoke all on public.conversations, public.messages from anon, authenticated;
grant select on public.conversations to authenticated;
grant select, insert (conversation_id, sender_id, content), update (read) on public.messages to authenticated;
grant all on public.conversations, public.messages to service_role;

-- The pair's conversation, created when missing. For the SQL functions (join requests, decisions, and
-- start_conversation); not callable through the API.
create or replace function private.ensure_conversation(a uuid, b uuid)
returns uuid language plpgsql security definer set search_path = '' as $$
declare
  one uuid := least(a, b);
  two uuid := greatest(a, b);
  found uuid;
begin
  if a is null or b is null or a = b then
    raise exception 'A conversation needs two different athletes' using errcode = '22023';
  end if;
  -- ON CONFLICT waits for a concurrent insert of the same pair; the SELECT then sees its row.
  insert into public.conversations (participant_one_id, participant_two_id) values (one, two)
  on conflict (participant_one_id, participant_two_id) do nothing
  returning id into found;
  if found is null then
    select c.id into found from public.conversations c
    where c.participant_one_id = one and c.participant_two_id = two;
  end if;
  return found;
end;
$$;
revoke all on function private.ensure_conversation(uuid, uuid) from public, anon, authenticated;

-- Messages stream to their participants over Realtime (RLS decides who receives each insert).
alter publication supabase_realtime add table public.messages;

-- Open to training partners: an athlete says, apart from whether they are looking for a team, that
-- they would train with others. A team member may still be open to training, so nothing on the roster
-- clears it (unlike looking_for_team, which joining a team turns off). Browse's "Training partners" and the
-- "Train with others" page list public profiles with it on (lib/data/training-partners.ts), under the same
-- rules as the athlete listing: RLS shows public rows only (a hidden profile is made private), and a
-- signed-in reader's blocks either way leave the other out.

alter table public.profiles add column open_to_training boolean not null default false;

comment on column public.profiles.open_to_training is
  'Open to training partners; independent of looking_for_team and of team membership.';

grant select (open_to_training) on public.profiles to anon, authenticated;
grant insert (open_to_training), update (open_to_training) on public.profiles to authenticated;

-- The training-partner listing: public athletes open to training, newest first, by leg.
create index profiles_training_page_idx on public.profiles (created_at desc, id)
  where is_public and open_to_training;
create index profiles_training_specialty_idx on public.profiles (specialty, created_at desc)
  where is_public and open_to_training;

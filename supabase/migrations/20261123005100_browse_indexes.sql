-- Browse, dashboard and landing numbers (issue 11): indexes so that every query they run is an index scan
-- at 10,000 athletes, 2,000 teams and 50,000 conversations (checked with EXPLAIN in
-- lib/data/browse-plans.int.test.ts).

-- /browse lists open teams urgent-first: the urgent ones (day today or later) through teams_open_urgent_idx,
-- then the rest newest first through this one. It also carries status (the visitor's RLS policy checks it),
-- requirements (the filters) and urgent_by, so the counts beside each list are index-only scans.
create index teams_open_listing_idx on public.teams (created_at desc)
  include (status, requirements, urgent_by) where status = 'open';

-- Filters of /browse ("needs a runner", "accepts elite") as containment on the requirements.
create index teams_open_requirements_idx on public.teams using gin (requirements jsonb_path_ops)
  where status = 'open';

-- Landing numbers: open teams with an urgent need, per leg.
create index teams_open_urgent_role_idx on public.teams (urgent_role, urgent_by) include (status)
  where status = 'open' and urgent_role is not null;

-- The athlete listing pages newest first with the id as a tie-breaker (stable pages when many profiles
-- share a creation time). Replaces the single-column profiles_listed_idx for that order.
create index profiles_listed_page_idx on public.profiles (created_at desc, id)
  where is_public and looking_for_team;

-- Find Partners on the dashboard: counts per specialty and per place among listed athletes.
create index profiles_listed_specialty_idx on public.profiles (specialty, experience_level)
  where is_public and looking_for_team;
create index profiles_listed_place_idx on public.profiles ((location ->> 'display_name'))
  where is_public and looking_for_team;

-- Race day is the last day a leg can be needed by (docs/product.md#open-legs). Race day itself is one fact
-- of the app's config (lib/site.ts `event.raceDay`); private.race_day() says the same here, and a test
-- (lib/data/race-day.int.test.ts) fails when the two differ, so a new year's race day changes both.
create or replace function private.race_day()
returns date language sql immutable set search_path = '' as $$
  select date '2027-10-31'
$$;

revoke all on function private.race_day() from public, anon, authenticated;

-- As before (20261120000300_teams.sql), and a day after race day is refused.
create or replace function public.set_team_urgent_need(p_team_id uuid, p_role text, p_by date)
returns public.teams language plpgsql security definer set search_path = '' as $$
declare
  t public.teams := private.lock_own_team(p_team_id);
begin
  if (p_role is null) <> (p_by is null) then
    raise exception 'Choose both the leg and the date, or clear the urgent need' using errcode = 'P0001';
  end if;
  if p_by is not null and p_by < private.noosa_today() then
    raise exception 'The date must be today or later' using errcode = 'P0001';
  end if;
  if p_by is not null and p_by > private.race_day() then
    raise exception 'The date must be on or before race day, %',
      trim(to_char(private.race_day(), 'FMDay FMDD FMMonth YYYY')) using errcode = 'P0001';
  end if;
  -- (A value that is no leg at all is left to the column's CHECK, as before.)
  update public.teams set urgent_role = p_role, urgent_by = p_by where id = p_team_id returning * into t;
  -- Checked after the write (a refusal rolls it back), so a suspended account is told it is suspended first.
  if p_role in ('swimmer', 'cyclist', 'runner') and not (p_role = any (private.team_missing_roles(t))) then
    if (t.requirements -> 'roles') ? p_role then
      raise exception 'Your team already has a %: choose a leg it still needs', p_role using errcode = 'P0001';
    end if;
    raise exception 'Your team is not looking for a %: add the leg to its requirements first', p_role
      using errcode = 'P0001';
  end if;
  delete from public.team_urgent_fills where team_id = t.id;
  return t;
end;
$$;

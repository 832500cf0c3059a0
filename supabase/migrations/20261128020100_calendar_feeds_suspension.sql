-- A suspended account may write nothing, its calendar feed included (making, replacing or turning it off):
-- the same statement trigger every table in schema public has.
create trigger refuse_suspended before insert or update or delete on public.calendar_feeds
  for each statement execute function private.refuse_suspended_writer();

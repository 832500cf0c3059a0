-- Register interest (/register-interest): visitors who cannot find a team today leave a name, an e-mail
-- and a specialty, to hear when a team needs someone like them. Nobody reads the list through the API but
-- the service role; visitors write it only through public.register_interest(), which keeps one row per
-- e-mail (a repeat updates it) and limits how often one client and one address may write.
-- CHECKs mirror lib/validation/interest.ts; the name follows private.is_safe_text.

create table public.interest_registrations (
  id uuid primary key default gen_random_uuid(),
  -- Stored lower-cased, so "Mia@X" and "mia@x" are one registration.
  email text not null
    constraint interest_email_format
    check (email = lower(email) and char_length(email) between 3 and 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')
    constraint interest_email_key unique,
  name text not null
    constraint interest_name_text check (char_length(name) between 2 and 100 and private.is_safe_text(name)),
  specialty text not null constraint interest_specialty_enum check (specialty in ('swimmer', 'cyclist', 'runner')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.interest_registrations is
  'People to tell when a team needs their leg. Written only by public.register_interest(); read only by service_role.';

alter table public.interest_registrations enable row level security;
-- No policies: with RLS on and no grants, anon and authenticated can neither read nor write the table.
revoke all on public.interest_registrations from public, anon, authenticated;
grant all on public.interest_registrations to service_role;

-- Attempts per client (a hash of the caller's address, from the server action) and per e-mail, for the
-- rate limit. Old rows are pruned as new ones arrive.
create table private.interest_attempts (
  key text not null,
  at timestamptz not null default now()
);
create index interest_attempts_key_at_idx on private.interest_attempts (key, at);
revoke all on private.interest_attempts from public, anon, authenticated;

-- Returns 'created' or 'updated'. Raises 'Too many attempts' (P0429) past 5 writes per client or per
-- e-mail in 10 minutes. Security definer: the caller has no rights on either table.
create or replace function public.register_interest(p_name text, p_email text, p_specialty text, p_client text)
returns text language plpgsql security definer set search_path = '' as $$
declare
  mail text := lower(btrim(p_email));
  client text := 'client:' || coalesce(nullif(btrim(p_client), ''), 'unknown');
  inserted boolean;
begin
  delete from private.interest_attempts where at < now() - interval '1 hour';
  if (select count(*) from private.interest_attempts where key = client and at > now() - interval '10 minutes') >= 5
     or (select count(*) from private.interest_attempts where key = 'email:' || mail and at > now() - interval '10 minutes') >= 5
  then
    raise exception 'Too many attempts' using errcode = 'P0429';
  end if;
  insert into private.interest_attempts (key) values (client), ('email:' || mail);

  insert into public.interest_registrations as r (email, name, specialty)
  values (mail, p_name, p_specialty)
  on conflict (email) do update set name = excluded.name, specialty = excluded.specialty, updated_at = now()
  returning (r.xmax = 0) into inserted;
  return case when inserted then 'created' else 'updated' end;
end;
$$;

revoke all on function public.register_interest(text, text, text, text) from public;
grant execute on function public.register_interest(text, text, text, text) to anon, authenticated, service_role;

-- Issue 13, item 2: Auth's own limits count per address, and every server action reaches Auth from the
-- app server's one address, so one visitor's wrong passwords could lock everyone out. The app keeps its
-- own sliding-window counters here, per client address and per account (lib/auth/throttle.ts), so an
-- attacker is slowed and nobody else. Only the two security-definer functions below touch the table;
-- the API roles have no access to it at all.

create table private.auth_attempts (
  id bigint generated always as identity primary key,
  -- e.g. 'sign_in:ip:203.0.113.7', 'sign_in:account:mia@example.com' (lib/auth/throttle.ts)
  bucket text not null check (char_length(bucket) between 1 and 400),
  attempt uuid not null,
  at timestamptz not null default now()
);
create index auth_attempts_bucket_at_idx on private.auth_attempts (bucket, at desc);
create index auth_attempts_attempt_idx on private.auth_attempts (attempt);
create index auth_attempts_at_idx on private.auth_attempts (at);
alter table private.auth_attempts enable row level security;
revoke all on private.auth_attempts from public, anon, authenticated;

-- Counts one attempt in every bucket of `rules` ([{"bucket": text, "limit": int}, …]), unless a bucket
-- already holds its limit within the window: then nothing is counted and retry_after_seconds says when
-- the attempt that must leave the window does. Refused attempts are not counted, so waiting always ends
-- the block. (jsonb rather than arrays: array parameters are fragile through transaction poolers.)
create or replace function private.take_auth_attempt(rules jsonb, window_seconds int)
returns table (attempt uuid, retry_after_seconds int)
language plpgsql volatile security definer set search_path = '' as $$
declare
  span interval := make_interval(secs => window_seconds);
  wait int := 0;
  remaining int;
  new_attempt uuid := gen_random_uuid();
  buckets text[];
  limits int[];
begin
  select array_agg(r ->> 'bucket' order by n), array_agg((r ->> 'limit')::int order by n)
    into buckets, limits
    from jsonb_array_elements(case when jsonb_typeof(rules) = 'array' then rules else '[]' end)
         with ordinality as e(r, n);
  if coalesce(cardinality(buckets), 0) = 0 or array_position(buckets, null) is not null
     or window_seconds not between 1 and 86400 or 1 > any (limits) or array_position(limits, null) is not null then
    raise exception 'take_auth_attempt: bad arguments' using errcode = '22023';
  end if;
  -- One request at a time per bucket (in a fixed order, so two requests never deadlock): parallel
  -- attempts cannot all slip under the limit.
  perform pg_advisory_xact_lock(hashtextextended(b, 20261123)) from (select unnest(buckets) as b order by 1) s;
  delete from private.auth_attempts a where a.bucket = any (buckets) and a.at <= now() - span;
  -- Old rows of buckets nobody uses any more.
  if random() < 0.02 then
    delete from private.auth_attempts a where a.at <= now() - interval '1 day';
  end if;
  for i in 1 .. cardinality(buckets) loop
    select ceil(extract(epoch from a.at + span - now()))::int into remaining
      from private.auth_attempts a where a.bucket = buckets[i]
      order by a.at desc offset limits[i] - 1 limit 1;
    if found then
      wait := greatest(wait, remaining, 1);
    end if;
  end loop;
  if wait > 0 then
    return query select null::uuid, wait;
    return;
  end if;
  insert into private.auth_attempts (bucket, attempt) select b, new_attempt from unnest(buckets) as b;
  return query select new_attempt, 0;
end
$$;

-- An attempt that succeeded is not held against anyone: only failures count.
create or replace function private.forgive_auth_attempt(attempt_id uuid)
returns void language sql volatile security definer set search_path = '' as $$
  delete from private.auth_attempts where attempt = attempt_id
$$;

revoke all on function private.take_auth_attempt(jsonb, int) from public;
revoke all on function private.forgive_auth_attempt(uuid) from public;
grant execute on function private.take_auth_attempt(jsonb, int) to authenticator;
grant execute on function private.forgive_auth_attempt(uuid) to authenticator;

-- Issue 13, item 3: an access token outlives sign-out (it stays valid offline for up to an hour), so
-- lib/db withRls asks this function, inside the same transaction, whether the token's session still
-- exists. Sign-out (local or global) deletes the session rows in GoTrue and in the local stand-in;
-- `not_after` is GoTrue's time-box. Hosted Supabase has the same auth.sessions (id, user_id, not_after).
-- Security definer because the API roles cannot read auth.sessions; it reveals only yes or no about
-- the caller's own claims. Called by the login role before it switches to anon/authenticated.

create or replace function private.session_is_live(claims jsonb)
returns boolean language plpgsql stable security definer set search_path = '' as $$
declare
  sid text := claims ->> 'session_id';
  uid text := claims ->> 'sub';
begin
  -- Checked before any cast, so malformed claims give false instead of an error.
  if sid is null or uid is null
     or sid !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or uid !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  return exists (
    select 1 from auth.sessions s
    where s.id = sid::uuid and s.user_id = uid::uuid and (s.not_after is null or s.not_after > now())
  );
end
$$;

revoke all on function private.session_is_live(jsonb) from public;
grant usage on schema private to authenticator;
grant execute on function private.session_is_live(jsonb) to authenticator;

-- The app server's own database login (docs/security.md#database-login), instead of `postgres` (which
-- bypasses RLS and reads every table, auth.users included). noosa_app is no superuser, has no BYPASSRLS, and
-- is NOINHERIT: logged in, it holds none of its roles' rights. It can only `set role` to anon, authenticated
-- or service_role, which lib/db does per transaction (withRls, withServiceRole), so a query that forgets to
-- is refused, here and on hosted alike. No password here: the deploy steps set one on hosted (the stand-in
-- sets a local one). It runs after every other folded migration: the loop at its end covers every function
-- they made.
do $$
begin
  if not exists (select from pg_roles where rolname = 'noosa_app') then
    create role noosa_app login noinherit nosuperuser nobypassrls nocreatedb nocreaterole noreplication;
  end if;
end $$;

-- Again, should the role have been made by hand before (only a superuser could make it one).
alter role noosa_app login noinherit nobypassrls nocreatedb nocreaterole noreplication;

grant anon, authenticated, service_role to noosa_app;

-- Same limits as Supabase's own login: a runaway statement before a role is set cannot pin the database.
alter role noosa_app set statement_timeout = '8s';

alter role noosa_app set lock_timeout = '8s';

-- What the app asks before it switches role: whether the token's session is live, and its sign-in
-- throttle. PostgREST never calls them, so no API role gets them.
grant usage on schema private to noosa_app;

grant execute on function private.session_is_live(jsonb) to noosa_app;

grant execute on function private.take_auth_attempt(jsonb, int) to noosa_app;

grant execute on function private.forgive_auth_attempt(uuid) to noosa_app;

-- PostgreSQL lets PUBLIC (every role, noosa_app too) execute a new function unless told otherwise. The
-- API roles keep exactly what PUBLIC gave them, by name; PUBLIC loses it, now and for functions that
-- later migrations make, so the login role can call nothing until a role is set. A later function that
-- anon or authenticated must call (in a policy, say) needs its own grant, as in public it gets by default.
do $$
declare f record;
begin
  for f in
    select p.oid::regprocedure as fn
    from pg_proc p
    where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
      and p.proowner = current_user::regrole
      and (p.proacl is null or exists (select from aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE'))
  loop
    execute format('grant execute on function %s to anon, authenticated, service_role', f.fn);
    execute format('revoke execute on function %s from public', f.fn);
  end loop;
end $$;

alter default privileges revoke execute on functions from public;

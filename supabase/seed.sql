-- Demo data for local development and tests (`supabase db reset` or the local stand-in runs it once on a
-- fresh database). Never run it against production.

-- Demo accounts (auth part). Password for all: noosa-demo-2026. Ids are fixed so specs can refer to them.
-- 7 (ava) has no profile (a fresh account); 8 (ethan) has a private profile.
with pw as (select extensions.crypt('noosa-demo-2026', extensions.gen_salt('bf', 10)) as hash),
demo (n, email) as (
  values (1, 'mia@example.com'), (2, 'jack@example.com'), (3, 'olivia@example.com'), (4, 'liam@example.com'),
         (5, 'chloe@example.com'), (6, 'noah@example.com'), (7, 'ava@example.com'), (8, 'ethan@example.com')
)
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000',
       ('d0000000-0000-4000-8000-00000000000' || n)::uuid, 'authenticated', 'authenticated', email, pw.hash,
       now() - interval '30 days',
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

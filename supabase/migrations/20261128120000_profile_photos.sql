-- Profile photos (docs/product.md#photos, docs/security.md#photos) in Supabase Storage.
--
-- The bucket is private: a public bucket serves any object to anyone who has its URL, with no policy asked,
-- so a photo seen once (by a teammate, in a chat) would stay readable by the world after its athlete made the
-- profile private, blocked the viewer or was suspended. In a private bucket every read goes through the SELECT
-- policy below, as the reader: a download, or the signed URL a page is given (Storage signs only what the
-- caller may SELECT), so the rule of who sees a photo lives here, once, in private.photo_visible.
--
-- Objects: `<account id>/<hash>-512.webp` and `-128.webp` (the sizes the pages use, made by the server with
-- sharp: turned upright, EXIF and GPS gone) and `<account id>/<hash>-original.<jpg|png|webp>` (the bytes as
-- uploaded, for the athlete's own export: only they read it, as it may still carry the phone's GPS position). <hash> is 32 hex digits of the
-- sizes' content, so the same photo sent twice lands on the same names. profiles.photo_path is
-- `<account id>/<hash>`.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', false, 8388608, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public, file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

alter table public.profiles
  add column photo_path text
    constraint profiles_photo_path_own check (photo_path ~ ('^' || auth_id::text || '/[0-9a-f]{32}$'));

comment on column public.profiles.photo_path is
  'The profile photo''s objects in the avatars bucket, `<auth_id>/<hash>` (sizes -512.webp, -128.webp; '
  '-original.*). Not granted to the API roles: read through private.visible_photo_path, written by set_my_photo.';

-- Whether the caller may see the photo of the account `owner`: their own; a moderator; otherwise the account is
-- not suspended, the two have not blocked each other (either way), and the profile is public or the two may
-- contact each other (a conversation, or the same team: private.may_contact, the rule that shows a private
-- athlete's name on a roster and in chat). A visitor sees only public profiles' photos. Security definer:
-- it reads blocks, suspensions and profiles the caller's policies would hide.
create or replace function private.photo_visible(owner uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select owner is not null and (
    owner = (select auth.uid())
    or private.is_moderator()
    or exists (
      select 1 from public.profiles p
      cross join (select private.my_profile_id() as id) me
      where p.auth_id = owner
        and not exists (select 1 from private.suspended_accounts s where s.user_id = p.auth_id)
        and (me.id is null or not private.blocked_between(me.id, p.id))
        and (p.is_public or (me.id is not null and me.id <> p.id and private.may_contact(me.id, p.id)))))
$$;

revoke all on function private.photo_visible(uuid) from public;

grant execute on function private.photo_visible(uuid) to anon, authenticated, service_role;

-- The profile's photo path when the caller may see it, else null: what every page, list and feed reads.
create or replace function private.visible_photo_path(p_profile_id uuid)
returns text language sql stable security definer set search_path = '' as $$
  select p.photo_path from public.profiles p
  where p.id = p_profile_id and p.photo_path is not null and private.photo_visible(p.auth_id)
$$;

revoke all on function private.visible_photo_path(uuid) from public;

grant execute on function private.visible_photo_path(uuid) to anon, authenticated, service_role;

-- The account folder (a uuid) of an object name of the bucket; null for a name outside the layout above, which
-- no policy then allows.
create or replace function private.avatar_object_owner(name text)
returns uuid language sql immutable set search_path = '' as $$
  select case when name ~ '^[0-9a-f-]{36}/[0-9a-f]{32}-(512\.webp|128\.webp|original\.(jpg|png|webp))$'
    then split_part(name, '/', 1)::uuid end
$$;

grant execute on function private.avatar_object_owner(text) to anon, authenticated, service_role;

-- Whether the caller may read the object `name` of the bucket: a size, whoever may see the photo; an original,
-- its athlete only (a moderator judges a reported photo by its sizes). Security definer so the policies below (anon's too) need no grant on the
-- moderator check.
create or replace function private.avatar_readable(name text)
returns boolean language sql stable security definer set search_path = '' as $$
  select case when name like '%-original.%'
    then private.avatar_object_owner(name) = (select auth.uid())
    else private.photo_visible(private.avatar_object_owner(name)) end
$$;

-- Whether the caller may remove the object: their own, or anyone's as a moderator (a reported photo).
create or replace function private.avatar_removable(name text)
returns boolean language sql stable security definer set search_path = '' as $$
  select private.avatar_object_owner(name) = (select auth.uid()) or private.is_moderator()
$$;

-- Whether the caller may write the object: in their own folder, in the layout above, not while suspended
-- (the rule private.refuse_suspended_writer keeps on every table in public).
create or replace function private.avatar_writable(name text)
returns boolean language sql stable security definer set search_path = '' as $$
  select private.avatar_object_owner(name) = (select auth.uid())
     and not exists (select 1 from private.suspended_accounts s where s.user_id = (select auth.uid()))
$$;

revoke all on function private.avatar_readable(text), private.avatar_removable(text),
  private.avatar_writable(text) from public;

grant execute on function private.avatar_readable(text), private.avatar_removable(text),
  private.avatar_writable(text) to anon, authenticated, service_role;

-- Storage's policies (hosted allows CREATE POLICY on storage.objects to postgres).
create policy avatars_select on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'avatars' and private.avatar_readable(name));

create policy avatars_insert_own on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and private.avatar_writable(name));

create policy avatars_update_own on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and private.avatar_writable(name))
  with check (bucket_id = 'avatars' and private.avatar_writable(name));

create policy avatars_delete on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and private.avatar_removable(name));

-- Points the caller's profile at a photo whose objects they have uploaded (both sizes, owned by them), or at
-- none (null). Returns the path it replaced, whose objects the caller then removes; the same path again
-- changes nothing and returns it, so a repeated request removes nothing it still uses. Errors: P0002 when
-- the objects are missing, 42501 when not signed in or suspended (the profiles trigger).
create or replace function public.set_my_photo(p_path text)
returns text language plpgsql volatile security definer set search_path = '' as $$
declare
  me public.profiles;
begin
  -- The row locked: two requests of one athlete set their photos one after the other.
  select * into me from public.profiles p where p.id = (private.require_my_profile()).id for update;
  if p_path is not null and (select count(*) from storage.objects o
      where o.bucket_id = 'avatars' and o.owner_id = me.auth_id::text
        and o.name in (p_path || '-512.webp', p_path || '-128.webp')) <> 2 then
    raise exception 'The photo was not uploaded' using errcode = 'P0002', detail = 'PHOTO_MISSING';
  end if;
  if p_path is distinct from me.photo_path then
    update public.profiles set photo_path = p_path where id = me.id;
  end if;
  return me.photo_path;
end;
$$;

revoke all on function public.set_my_photo(text) from public, anon;

grant execute on function public.set_my_photo(text) to authenticated;

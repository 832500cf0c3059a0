-- A push subscription is never moved to another account. save_push_subscription used to take over an
-- endpoint that another athlete had saved ("one browser is one athlete's"), so anyone who learned or
-- guessed another athlete's endpoint could move that device to their own account, with their own keys or
-- the owner's, and the owner's phone stopped getting the owner's notifications. Now an endpoint that is
-- another account's is refused (PUSH_ENDPOINT_TAKEN); the owner's own save still renews its keys. A browser
-- shared by two athletes gets a fresh endpoint instead: Settings unsubscribes it from the push service and
-- subscribes again, which makes a new endpoint, and the old one's row goes when the push service answers
-- 404/410 for it.
create or replace function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text)
returns uuid language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := private.my_profile_id();
  saved uuid;
begin
  if me is null then
    raise exception 'Create your profile first' using errcode = '42501';
  end if;
  insert into public.push_subscriptions (profile_id, endpoint, p256dh, auth)
  values (me, p_endpoint, p_p256dh, p_auth)
  on conflict (endpoint) do update
    set p256dh = excluded.p256dh, auth = excluded.auth, updated_at = now()
    where public.push_subscriptions.profile_id = me
  returning id into saved;
  if saved is null then
    raise exception 'This browser''s notifications are set up for another account.'
      using errcode = 'P0001', hint = 'PUSH_ENDPOINT_TAKEN';
  end if;
  delete from public.push_subscriptions s
  where s.profile_id = me and s.id not in (
    select k.id from public.push_subscriptions k where k.profile_id = me
    order by k.updated_at desc, k.id limit private.push_subscription_limit());
  return saved;
end;
$$;

revoke all on function public.save_push_subscription(text, text, text) from public, anon;

grant execute on function public.save_push_subscription(text, text, text) to authenticated;

comment on function public.save_push_subscription(text, text, text) is
  'Saves this browser''s push subscription for the signed-in athlete, or renews its keys; refuses an endpoint that is another account''s (hint PUSH_ENDPOINT_TAKEN).';

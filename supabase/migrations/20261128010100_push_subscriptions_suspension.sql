-- A suspended account may write nothing, its devices for push notifications included (turning them on or
-- off): the same statement trigger every table in schema public has. The notification worker (service
-- role) still removes a device its push service no longer knows.
create trigger refuse_suspended before insert or update or delete on public.push_subscriptions
  for each statement execute function private.refuse_suspended_writer();

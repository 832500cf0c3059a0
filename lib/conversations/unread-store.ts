/**
 * The unread count alone, for the mobile menu button. No imports on purpose: the header loads this on
 * every page, signed out too, while the live inbox behind it (supabase-js) loads only when signed in
 * and publishes here. Signed out, nothing publishes and the count stays 0.
 */
let count = 0;
const listeners = new Set<() => void>();

export function publishUnread(next: number) {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

export const unreadCount = () => count;

export function subscribeUnread(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The unread count is read again by several triggers (the join, each message, the open thread marking
 * read), each a server action. Their answers can come back out of order: a navigation pre-empts a
 * pending action in Next's router queue, the next one starts at once, and on a busy server the older
 * request (counted before the new message was stored) may answer last. Applied blindly, that stale 0
 * overwrote the 1 and the badge stayed at 0 until the next message. So every read takes a ticket, and an
 * answer is applied only if no later-issued read has answered before it.
 */
export function latestOnly<T>(apply: (value: T) => void) {
  let issued = 0;
  let applied = 0;
  return async function read(load: () => Promise<T>): Promise<boolean> {
    const ticket = ++issued;
    const value = await load();
    if (ticket < applied) return false;
    applied = ticket;
    apply(value);
    return true;
  };
}

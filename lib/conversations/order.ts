/** What ordering needs of a message: 1:1 and team-chat messages alike. */
type Ordered = { id: string; created_at: string };

/**
 * A sortable key for a Postgres timestamptz in ISO form: UTC to the second, then all six fractional digits.
 * `Date` keeps only milliseconds, and two messages sent in one millisecond must still keep their order.
 */
export function timeKey(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const fraction = /\.(\d+)/.exec(iso)?.[1] ?? "";
  return `${date.toISOString().slice(0, 19)}.${fraction.padEnd(6, "0").slice(0, 6)}`;
}

// Each message's key is worked out once: the thread is sorted again on every live event (a new message, a
// read flag), and parsing two dates per comparison cost ~4 ms a merge at 500 messages (~0.4 ms cached).
const keys = new WeakMap<Ordered, { iso: string; key: string }>();
function keyOf(m: Ordered): string {
  const known = keys.get(m);
  if (known?.iso === m.created_at) return known.key;
  const key = timeKey(m.created_at);
  keys.set(m, { iso: m.created_at, key });
  return key;
}

/** Thread order: created_at, then id (as the thread index orders them). */
export function compareMessages(a: Ordered, b: Ordered): number {
  const ka = keyOf(a);
  const kb = keyOf(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Merges incoming messages into a thread: each id once (a later copy replaces the earlier one, so a
 * read flag or a server timestamp wins over the optimistic copy), in thread order.
 */
export function mergeMessages<M extends Ordered>(current: M[], incoming: M[]): M[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort(compareMessages);
}

/** The newest message of a thread (the point to catch up from), or null for an empty one. */
export function lastOf<M extends Ordered>(messages: M[]): M | null {
  return messages.length ? messages[messages.length - 1]! : null;
}

/**
 * Load shedding (docs/performance.md#shedding): when more transactions wait for a pooled connection than
 * the limit, new work that needs the database is refused at once ("busy, try again in a few seconds",
 * 503 with Retry-After) instead of joining a queue that already costs each newcomer seconds. Work already
 * admitted keeps its place: only a request's start is decided here (proxy.ts), never a transaction of a
 * request under way. Pure: the caller hands in the queue's figures (lib/observability/queue.ts).
 */

export type QueueFigures = { waiting: number; running: number };
export type Admission = { admit: true } | { admit: false; retryAfterSeconds: number };

/**
 * Waiting transactions allowed per pooled connection by default. A newcomer waits for the transactions
 * ahead of it to finish, a connection's worth at a time: two per connection is about two transactions'
 * time (measured under load at 500 athletes: a connection held ~125 ms, so ~250 ms), where queueing
 * without a limit reached seconds (docs/performance.md#the-queue-at-500).
 */
export const waitingPerConnection = 2;

/** The limit: DATABASE_SHED_WAITING, or two waiting transactions per connection of DATABASE_POOL_MAX. */
export function shedLimit(env: {
  DATABASE_POOL_MAX: number;
  DATABASE_SHED_WAITING?: number | undefined;
}): number {
  return env.DATABASE_SHED_WAITING ?? waitingPerConnection * env.DATABASE_POOL_MAX;
}

/** The longest Retry-After: a client told more than this would come back to a queue long gone. */
export const maxRetryAfterSeconds = 10;

/**
 * Admit while fewer than `limit` transactions wait. Refused, the client is asked to come back after a
 * second per limit's worth of waiting transactions (a deeper queue takes longer to drain), at least 1 s.
 */
export function admission(queue: QueueFigures, limit: number): Admission {
  if (queue.waiting < limit) return { admit: true };
  const retryAfterSeconds = Math.min(maxRetryAfterSeconds, Math.floor(queue.waiting / limit));
  return { admit: false, retryAfterSeconds: Math.max(1, retryAfterSeconds) };
}

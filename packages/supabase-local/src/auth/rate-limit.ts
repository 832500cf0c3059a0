/**
 * Fixed-window counters like GoTrue's limiters: at most `limit` hits per `windowMs` for each key (an IP
 * address, or "global" for the project-wide e-mail limit). The clock is injectable for tests.
 */
export type RateLimiter = { take(key: string): boolean; reset(): void; setLimit(limit: number): void };

export function createRateLimiter(
  limit: number,
  windowMs: number,
  now: () => number = Date.now,
): RateLimiter {
  let max = limit;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key) {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      if (w.count >= max) return false;
      w.count++;
      return true;
    },
    reset() {
      windows.clear();
    },
    setLimit(next) {
      max = next;
    },
  };
}

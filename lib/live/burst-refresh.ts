/**
 * Calls `refresh` once per burst of calls to `schedule`: `settleMs` after the last one, and at least every
 * `maxWaitMs` while they keep coming, so a steady stream still refreshes. For pages that re-render from the
 * server on every live change: during a rush (answers every few hundred ms) one refresh per change keeps the
 * server and the phone busy, and delays what the next change shows at once.
 */
export function burstRefresh(
  refresh: () => void,
  { settleMs, maxWaitMs }: { settleMs: number; maxWaitMs: number },
): { schedule: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstWaiting: number | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    firstWaiting = null;
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    const now = Date.now();
    firstWaiting ??= now;
    timer = setTimeout(
      () => {
        cancel();
        refresh();
      },
      Math.max(0, Math.min(settleMs, firstWaiting + maxWaitMs - now)),
    );
  };
  return { schedule, cancel };
}

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { burstRefresh } from "./burst-refresh";

describe("burstRefresh", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("refreshes once, settleMs after the last of a burst", () => {
    const refresh = vi.fn();
    const { schedule } = burstRefresh(refresh, { settleMs: 250, maxWaitMs: 1000 });
    schedule();
    vi.advanceTimersByTime(100);
    schedule();
    vi.advanceTimersByTime(249);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("still refreshes every maxWaitMs while changes keep coming", () => {
    const refresh = vi.fn();
    const { schedule } = burstRefresh(refresh, { settleMs: 250, maxWaitMs: 1000 });
    // A change every 100 ms for 2.5 s: never 250 ms of quiet.
    for (let t = 0; t < 2500; t += 100) {
      schedule();
      vi.advanceTimersByTime(100);
    }
    expect(refresh).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(250);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it("cancel drops the refresh waiting", () => {
    const refresh = vi.fn();
    const { schedule, cancel } = burstRefresh(refresh, { settleMs: 250, maxWaitMs: 1000 });
    schedule();
    cancel();
    vi.advanceTimersByTime(2000);
    expect(refresh).not.toHaveBeenCalled();
  });
});

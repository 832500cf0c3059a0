import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { awaitingConnection, gaveUpWaiting, startQueueMetrics, transactionEnded } from "./queue";

describe("the process's queue figures", () => {
  it("counts transactions waiting and running, and writes a line a second with the pool's wait", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "performance"] });
    try {
      const file = join(mkdtempSync(join(tmpdir(), "queue-")), "queue.jsonl");
      startQueueMetrics(file);
      const first = awaitingConnection();
      const second = awaitingConnection();
      const third = awaitingConnection();
      vi.advanceTimersByTime(40);
      expect(first()).toBeCloseTo(40, 0);
      expect(first()).toBeCloseTo(40, 0); // a second call counts nothing twice
      vi.advanceTimersByTime(60);
      expect(second()).toBeCloseTo(100, 0);
      gaveUpWaiting(); // the third never got a connection
      transactionEnded();
      vi.advanceTimersByTime(1000);
      const line = JSON.parse(readFileSync(file, "utf8").trim().split("\n").at(-1)!) as {
        poolWaitMs: { count: number; max: number };
        peakWaiting: number;
        peakRunning: number;
      };
      expect(line.poolWaitMs.count).toBe(2);
      expect(line.poolWaitMs.max).toBeGreaterThanOrEqual(99);
      expect(line.peakWaiting).toBe(3);
      expect(line.peakRunning).toBe(2);
      void third;
      // The next second starts from what is still open: one running, until it ends.
      transactionEnded();
      vi.advanceTimersByTime(1000);
      const lines = () => readFileSync(file, "utf8").trim().split("\n");
      const next = JSON.parse(lines().at(-1)!) as typeof line;
      expect([next.poolWaitMs.count, next.peakWaiting, next.peakRunning]).toEqual([0, 0, 1]);
      vi.advanceTimersByTime(1000);
      const idle = JSON.parse(lines().at(-1)!) as typeof line;
      expect([idle.poolWaitMs.count, idle.peakWaiting, idle.peakRunning]).toEqual([0, 0, 0]);
    } finally {
      vi.useRealTimers();
    }
  });
});

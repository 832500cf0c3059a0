import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { queueSummary, TraceCollector } from "./queue-evidence.ts";

describe("where requests waited", () => {
  it("summarises the app's seconds inside the run's window only", () => {
    const file = join(mkdtempSync(join(tmpdir(), "queue-")), "q.jsonl");
    const line = (at: number, loopP99: number, poolP95: number, count: number, waiting: number) =>
      JSON.stringify({
        at,
        eventLoopDelayMs: { p50: 10, p99: loopP99, max: loopP99 + 5 },
        poolWaitMs: { count, p50: 1, p95: poolP95, max: poolP95 + 1 },
        peakWaiting: waiting,
        peakRunning: 10,
      });
    writeFileSync(
      file,
      [
        line(500, 999, 999, 9, 99),
        line(1000, 20, 2, 50, 0),
        line(2000, 40, 300, 60, 12),
        line(3000, 30, 0, 0, 0),
      ].join("\n") + "\n",
    );
    const q = queueSummary(file, 1000, 3000)!;
    expect(q.seconds).toBe(3);
    expect(q.eventLoopDelayP99Ms).toEqual({ median: 30, worst: 45 });
    // Seconds without a transaction say nothing about the pool's wait.
    expect(q.poolWaitP95Ms.worst).toBe(301);
    expect(q.peakWaiting).toBe(12);
    expect(queueSummary(join(tmpdir(), "none-such.jsonl"), 0, 1)).toBeNull();
  });

  it("the collector reads OTLP JSON spans and sums them by name and route", async () => {
    const collector = new TraceCollector();
    const url = await collector.start();
    try {
      const span = (name: string, startMs: number, ms: number, route?: string) => ({
        name,
        startTimeUnixNano: String(BigInt(startMs) * 1_000_000n),
        endTimeUnixNano: String(BigInt(startMs + ms) * 1_000_000n),
        attributes: route ? [{ key: "next.route", value: { stringValue: route } }] : [],
      });
      const body = {
        resourceSpans: [
          {
            scopeSpans: [
              {
                spans: [
                  span("render route (app)", 1000, 80, "/dashboard"),
                  span("render route (app)", 1100, 20, "/dashboard"),
                  span("db.pool.wait", 1000, 5),
                  span("db.pool.wait", 9000, 500),
                ],
              },
            ],
          },
        ],
      };
      const res = await fetch(`${url}/v1/traces`, { method: "POST", body: JSON.stringify(body) });
      expect(res.status).toBe(200);
      const summary = collector.summary(0, 5000);
      expect(summary.map((s) => [s.name, s.count, s.totalMs])).toEqual([
        ["render route (app) /dashboard", 2, 100],
        ["db.pool.wait", 1, 5],
      ]);
    } finally {
      collector.stop();
    }
  });
});

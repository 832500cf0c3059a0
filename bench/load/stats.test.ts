import { describe, expect, it } from "vitest";
import { shedRetryAfter } from "./http";
import { figures, knee, percentile, Recorder, shedShare } from "./stats";

describe("load stats", () => {
  it("nearest-rank percentiles", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it("counts errors and cuts a time window", () => {
    const r = new Recorder();
    r.record("page /a", { at: 0, ms: 10, ok: true, status: 200 });
    r.record("page /a", { at: 5, ms: 30, ok: false, status: 500 });
    r.record("action send", { at: 9, ms: 20, ok: true, status: 200 });
    expect(figures(r.all())).toMatchObject({ count: 3, errors: 1, shed: 0, p50: 20 });
    expect(figures(r.between(4, 9).all())).toMatchObject({ count: 1, errors: 1 });
  });

  it("counts shed answers apart from errors, and their share", () => {
    const r = new Recorder();
    r.record("page /a", { at: 0, ms: 10, ok: true, status: 200 });
    r.record("page /a", { at: 1, ms: 2, ok: false, status: 503, shed: true });
    r.record("action send", { at: 2, ms: 3, ok: false, status: 503, shed: true });
    r.record("action send", { at: 3, ms: 30_000, ok: false, status: 0 });
    const all = figures(r.all());
    expect(all).toMatchObject({ count: 4, errors: 1, shed: 2 });
    expect(shedShare(all)).toBe(0.5);
    expect(shedShare(figures([]))).toBe(0);
  });

  it("only a 503 with a Retry-After in seconds is shed", () => {
    expect(shedRetryAfter(503, "2")).toBe(2);
    expect(shedRetryAfter(503, " 10 ")).toBe(10);
    expect(shedRetryAfter(503, null)).toBeNull();
    expect(shedRetryAfter(503, "Wed, 21 Oct 2026 07:28:00 GMT")).toBeNull();
    expect(shedRetryAfter(500, "2")).toBeNull();
    expect(shedRetryAfter(200, "2")).toBeNull();
  });

  it("the knee is the lowest load that sheds or whose p95 passes 300 ms", () => {
    const level = (users: number, p95: number, shed: number) => ({
      users,
      all: { count: 100, errors: 0, shed, p50: 10, p95, p99: p95 },
    });
    expect(knee([level(50, 80, 0), level(200, 150, 0)])).toBeNull();
    expect(knee([level(50, 80, 0), level(500, 120, 3), level(1000, 900, 40)])).toBe(500);
    expect(knee([level(1000, 350, 0), level(500, 301, 0), level(200, 300, 0)])).toBe(500);
  });
});

import { describe, expect, it } from "vitest";
import { figures, percentile, Recorder } from "./stats";

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
    expect(figures(r.all())).toMatchObject({ count: 3, errors: 1, p50: 20 });
    expect(figures(r.between(4, 9).all())).toMatchObject({ count: 1, errors: 1 });
  });
});

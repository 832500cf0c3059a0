import { describe, expect, it } from "vitest";
import { median, percentile } from "./stats";

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile([3, 1, 2], 100)).toBe(3);
    expect(median([5, 1, 3])).toBe(3);
    expect(percentile([], 50)).toBeNaN();
  });
});

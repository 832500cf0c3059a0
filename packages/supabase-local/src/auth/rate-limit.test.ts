import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.ts";

describe("createRateLimiter", () => {
  it("allows `limit` hits per window and key, then refuses until the window ends", () => {
    let now = 0;
    const limiter = createRateLimiter(2, 1000, () => now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([true, true, false]);
    expect(limiter.take("b")).toBe(true);
    now = 999;
    expect(limiter.take("a")).toBe(false);
    now = 1000;
    expect(limiter.take("a")).toBe(true);
  });

  it("can change its limit and forget its counters", () => {
    const limiter = createRateLimiter(1, 60_000, () => 0);
    expect(limiter.take("k")).toBe(true);
    expect(limiter.take("k")).toBe(false);
    limiter.reset();
    expect(limiter.take("k")).toBe(true);
    limiter.setLimit(0);
    limiter.reset();
    expect(limiter.take("k")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = new Date("2026-11-23T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const min = 60_000;

describe("relative time", () => {
  it("uses the standard buckets", () => {
    expect(relativeTime(ago(20_000), now)).toBe("less than a minute ago");
    expect(relativeTime(ago(5 * min), now)).toBe("5 minutes ago");
    expect(relativeTime(ago(2 * 60 * min), now)).toBe("about 2 hours ago");
    expect(relativeTime(ago(3 * 24 * 60 * min), now)).toBe("3 days ago");
    expect(relativeTime(ago(65 * 24 * 60 * min), now)).toBe("2 months ago");
    expect(relativeTime(ago(400 * 24 * 60 * min), now)).toBe("about 1 year ago");
  });

  it("reads a time in the future as now, and bad input as nothing", () => {
    expect(relativeTime(new Date(now.getTime() + 5 * min).toISOString(), now)).toBe("less than a minute ago");
    expect(relativeTime("nonsense", now)).toBe("");
  });
});

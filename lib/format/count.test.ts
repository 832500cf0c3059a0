import { describe, expect, it } from "vitest";
import { formatCount } from "./count";

describe("formatCount", () => {
  it("groups thousands as en-AU does", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(12345)).toBe("12,345");
    expect(formatCount(1234567)).toBe((1234567).toLocaleString("en-AU"));
  });
});

import { describe, expect, it } from "vitest";
import { formatAuDate, longAuDate, parseAuDate } from "./au-date";

describe("Australian dates", () => {
  it("reads a day typed day first, in the usual separators, and ISO", () => {
    expect(parseAuDate("28/11/2026")).toBe("2026-11-28");
    expect(parseAuDate("2/3/2027")).toBe("2027-03-02");
    expect(parseAuDate(" 28-11-26 ")).toBe("2026-11-28");
    expect(parseAuDate("28.11.2026")).toBe("2026-11-28");
    expect(parseAuDate("2026-11-28")).toBe("2026-11-28");
  });

  it("refuses what is not a calendar day, and month-first American dates past the 12th", () => {
    expect(parseAuDate("31/11/2026")).toBeNull();
    expect(parseAuDate("29/02/2027")).toBeNull();
    expect(parseAuDate("11/28/2026")).toBeNull();
    expect(parseAuDate("")).toBeNull();
    expect(parseAuDate("tomorrow")).toBeNull();
  });

  it("shows a stored day back day first, and in words", () => {
    expect(formatAuDate("2026-11-28")).toBe("28/11/2026");
    expect(formatAuDate(null)).toBe("");
    expect(longAuDate("2026-11-28")).toBe("Saturday 28 November 2026");
  });
});

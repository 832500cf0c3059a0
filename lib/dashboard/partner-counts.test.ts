import { describe, expect, it } from "vitest";
import { foldPartnerCounts } from "./partner-counts";

describe("Find Partners counts", () => {
  it("adds per specialty, with an empty specialty as all-rounder", () => {
    expect(
      foldPartnerCounts(
        [
          { specialty: "runner", n: 4 },
          { specialty: "swimmer", n: 2 },
          { specialty: null, n: 1 },
          { specialty: "", n: 2 },
        ],
        3,
      ),
    ).toEqual({ total: 9, nearby: 3, bySpecialty: { swimmer: 2, cyclist: 0, runner: 4, allrounder: 3 } });
  });

  it("is all zero with no athletes", () => {
    expect(foldPartnerCounts([], 0)).toEqual({
      total: 0,
      nearby: 0,
      bySpecialty: { swimmer: 0, cyclist: 0, runner: 0, allrounder: 0 },
    });
  });
});

import { describe, expect, it } from "vitest";
import { leadingLeg } from "./leading-leg";

const numbers = (swimmer: number, cyclist: number, runner: number) => ({
  openTeams: 5,
  athletes: 3,
  urgent: { swimmer, cyclist, runner },
});

describe("the leg a landing page leads to", () => {
  it("is the leg most teams urgently need", () => {
    expect(leadingLeg(numbers(0, 2, 1), [{ urgent_role: "runner" }])).toBe("cyclist");
  });
  it("is the soonest urgent team's on a tie", () => {
    expect(leadingLeg(numbers(1, 0, 1), [{ urgent_role: "runner" }, { urgent_role: "swimmer" }])).toBe(
      "runner",
    );
    expect(leadingLeg(numbers(1, 0, 1), null)).toBe("swimmer");
  });
  it("is none when no team needs anyone urgently", () => {
    expect(leadingLeg(numbers(0, 0, 0), [])).toBeNull();
    expect(leadingLeg(null, null)).toBeNull();
  });
  it("falls back to the urgent teams when the numbers are unavailable", () => {
    expect(leadingLeg(null, [{ urgent_role: "swimmer" }])).toBe("swimmer");
  });
});

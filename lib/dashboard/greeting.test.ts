import { describe, expect, it } from "vitest";
import { dashboardGreeting } from "./greeting";

describe("dashboardGreeting", () => {
  // 2026-11-27 08:00 in Noosa (UTC+10, no daylight saving).
  const now = new Date("2026-11-26T22:00:00Z");

  it("says Welcome on the day the profile was made, Noosa time", () => {
    expect(dashboardGreeting("Mia Chen", "2026-11-26T14:30:00Z", now)).toBe("Welcome, Mia Chen");
  });

  it("says Welcome back from the next Noosa day on, even when UTC says the same day", () => {
    // 23:59 on 26 Nov in Noosa is 13:59 UTC on the 26th; `now` is the 27th in Noosa.
    expect(dashboardGreeting("Mia Chen", "2026-11-26T13:59:00Z", now)).toBe("Welcome back, Mia Chen");
    expect(dashboardGreeting("Mia Chen", "2026-10-01T00:00:00Z", now)).toBe("Welcome back, Mia Chen");
  });

  it("says Welcome back when the date is unreadable", () => {
    expect(dashboardGreeting("Mia Chen", "not a date", now)).toBe("Welcome back, Mia Chen");
  });
});

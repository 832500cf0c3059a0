import { describe, expect, it } from "vitest";
import { noosaToday, urgentLabel } from "./urgent";

describe("urgent vacancy label", () => {
  const now = new Date("2026-11-01T20:00:00Z"); // 2 Nov, 6 am in Noosa (UTC+10)
  it("counts days in Noosa's time zone", () => {
    expect(noosaToday(now)).toBe("2026-11-02");
  });
  it("labels a vacancy until its day has passed", () => {
    expect(urgentLabel("runner", "2026-11-02", now)).toBe("Needs a runner by 2 Nov");
    expect(urgentLabel("swimmer", "2026-12-25", now)).toBe("Needs a swimmer by 25 Dec");
    expect(urgentLabel("runner", "2026-11-01", now)).toBeNull();
    expect(urgentLabel(null, null, now)).toBeNull();
  });
});

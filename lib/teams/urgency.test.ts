import { describe, expect, it } from "vitest";
import {
  daysBetween,
  isUrgent,
  noosaToday,
  secondsUntilNoosaMidnight,
  shortDay,
  timeLeftInWords,
  urgentNeedText,
} from "./urgency";

// 2026-11-02 13:30 UTC is 23:30 in Noosa (UTC+10); 14:30 UTC is already 3 Nov there.
const lateEvening = new Date("2026-11-02T13:30:00Z");
const afterMidnight = new Date("2026-11-02T14:30:00Z");

describe("noosaToday", () => {
  it("is the calendar day in Australia/Brisbane, not UTC", () => {
    expect(noosaToday(lateEvening)).toBe("2026-11-02");
    expect(noosaToday(afterMidnight)).toBe("2026-11-03");
  });
});

describe("secondsUntilNoosaMidnight", () => {
  it("counts to Noosa's next midnight, whatever the server's zone", () => {
    expect(secondsUntilNoosaMidnight(lateEvening)).toBe(30 * 60);
    expect(secondsUntilNoosaMidnight(afterMidnight)).toBe(23.5 * 3600);
    expect(secondsUntilNoosaMidnight(new Date("2026-11-02T14:00:00Z"))).toBe(86_400);
  });
});

describe("timeLeftInWords", () => {
  it("reads today, tomorrow and N days left", () => {
    expect(timeLeftInWords("2026-11-02", lateEvening)).toBe("today");
    expect(timeLeftInWords("2026-11-03", lateEvening)).toBe("tomorrow");
    expect(timeLeftInWords("2026-11-05", lateEvening)).toBe("3 days left");
    expect(timeLeftInWords("2026-12-02", lateEvening)).toBe("30 days left");
  });

  it("follows Noosa's midnight", () => {
    expect(timeLeftInWords("2026-11-03", afterMidnight)).toBe("today");
  });

  it("is null once the day has passed or for a bad date", () => {
    expect(timeLeftInWords("2026-11-01", lateEvening)).toBeNull();
    expect(timeLeftInWords("not-a-day", lateEvening)).toBeNull();
  });

  it("counts across a month end", () => {
    expect(daysBetween("2026-11-30", "2026-12-01")).toBe(1);
  });
});

describe("urgent need wording", () => {
  it("names the leg and the short day", () => {
    expect(shortDay("2026-11-02")).toBe("2 Nov");
    expect(urgentNeedText("runner", "2026-11-02")).toBe("Needs a runner by 2 Nov");
    expect(urgentNeedText("swimmer", "2026-12-15")).toBe("Needs a swimmer by 15 Dec");
  });

  it("counts only open teams with a day not yet passed", () => {
    expect(isUrgent({ status: "open", urgent_by: "2026-11-02" }, lateEvening)).toBe(true);
    expect(isUrgent({ status: "open", urgent_by: "2026-11-01" }, lateEvening)).toBe(false);
    expect(isUrgent({ status: "full", urgent_by: "2026-11-05" }, lateEvening)).toBe(false);
    expect(isUrgent({ status: "open", urgent_by: null }, lateEvening)).toBe(false);
  });
});

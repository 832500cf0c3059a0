import { describe, expect, it } from "vitest";
import { missingLegs, teamHeadline, teamSummary } from "./team-seo";

const now = new Date("2026-11-25T02:00:00Z"); // 25 Nov in Noosa
const team = {
  name: "Peregian Pace Setters",
  description: "Friendly relay team.   We train on Sundays.",
  location: "Peregian Beach",
  status: "open" as const,
  urgent_role: "runner" as const,
  urgent_by: "2026-11-28",
  covered_roles: ["swimmer"],
  active_count: 1,
  max_members: 3,
};

describe("team SEO text", () => {
  it("names the urgent need and its day while it stands", () => {
    expect(teamHeadline(team, now)).toBe("Peregian Pace Setters needs a runner by 28 Nov");
  });
  it("falls back to the missing legs, then to full", () => {
    expect(teamHeadline({ ...team, urgent_by: "2026-11-20" }, now)).toBe(
      "Peregian Pace Setters needs a cyclist or a runner",
    );
    expect(teamHeadline({ ...team, status: "full", urgent_role: null, urgent_by: null }, now)).toBe(
      "Peregian Pace Setters: relay team (full)",
    );
    expect(missingLegs({ covered_roles: ["swimmer", "cyclist", "runner"] })).toEqual([]);
  });
  it("summarises place, members and legs before the team's words, within 200 characters", () => {
    expect(teamSummary(team)).toBe(
      "Relay team in Peregian Beach · 1/3 members · needs: Cyclist, Runner. Friendly relay team. We train on Sundays.",
    );
    expect(teamSummary({ ...team, description: "x".repeat(500) }).length).toBeLessThanOrEqual(200);
  });
});

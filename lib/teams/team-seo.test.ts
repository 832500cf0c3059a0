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
  open_legs: ["cyclist", "runner"] as ("swimmer" | "cyclist" | "runner")[],
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
    expect(missingLegs({ open_legs: [] })).toEqual([]);
  });
  it("never advertises a leg that is not open: a required leg a member races is left out", () => {
    expect(teamHeadline({ ...team, urgent_role: null, urgent_by: null, open_legs: ["runner"] }, now)).toBe(
      "Peregian Pace Setters needs a runner",
    );
    const covered = { ...team, urgent_role: null, urgent_by: null, open_legs: [] };
    expect(teamHeadline(covered, now)).toBe("Peregian Pace Setters: relay team, every leg covered");
    expect(teamSummary(covered)).toBe(
      "Relay team in Peregian Beach · 1/3 members · every leg covered. Friendly relay team. We train on Sundays.",
    );
    expect(teamSummary({ ...team, status: "full" })).not.toContain("needs");
  });
  it("summarises place, members and legs before the team's words, within 200 characters", () => {
    expect(teamSummary(team)).toBe(
      "Relay team in Peregian Beach · 1/3 members · needs: Cyclist, Runner. Friendly relay team. We train on Sundays.",
    );
    expect(teamSummary({ ...team, description: "x".repeat(500) }).length).toBeLessThanOrEqual(200);
  });
});

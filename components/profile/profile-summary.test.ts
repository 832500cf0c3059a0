import { describe, expect, it } from "vitest";
import type { Profile } from "@/lib/data/profiles";
import { profileSummary } from "./profile-summary.ts";

const profile = {
  experience_level: "advanced",
  specialty: "swimmer",
  location: { display_name: "Noosa Heads", coordinates: [0, 0] },
  looking_for_team: true,
  goals: "Swim the 1.5 km leg under 22 minutes.",
} as Profile;

describe("profileSummary", () => {
  it("names level, specialty, place and goals", () => {
    expect(profileSummary(profile)).toBe(
      "Advanced swimmer from Noosa Heads, looking for a Noosa relay team. Goals: Swim the 1.5 km leg under 22 minutes.",
    );
  });

  it("leaves out what the profile does not say", () => {
    const quiet = {
      ...profile,
      looking_for_team: false,
      location: { display_name: "", coordinates: [0, 0] },
    } as Profile;
    expect(profileSummary(quiet)).toBe("Advanced swimmer. Goals: Swim the 1.5 km leg under 22 minutes.");
  });

  it("cuts long text to the limit with an ellipsis, never inside an emoji", () => {
    const long = profileSummary({ ...profile, goals: "🏊".repeat(300) }, 160);
    expect(Array.from(long)).toHaveLength(160);
    expect(long.endsWith("🏊…")).toBe(true);
  });
});

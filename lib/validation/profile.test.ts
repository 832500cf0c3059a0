import { fieldErrorsOf } from "@/lib/server-action/result";
import { describe, expect, it } from "vitest";
import { charCount, profileIdSchema, profileSchema, type ProfileInput } from "./profile.ts";

const valid: ProfileInput = {
  username: "mia_swims",
  full_name: "Mia Lawson",
  location: "Noosa Heads",
  specialty: "swimmer",
  experience_level: "advanced",
  training_preference: "Early ocean swims",
  goals: "Swim leg of a relay under 25 minutes",
  bio: "Ex-pool swimmer, now loving the ocean.",
  target_times: { swim: "24:00", bike: "", run: "" },
  availability: { days: ["monday", "saturday"], times: ["early_morning"] },
  achievements: ["Noosa Tri 2024 relay finisher"],
  is_public: true,
  looking_for_team: true,
};

/** The field errors of `valid` with `patch` applied (an empty object when it passes). */
function errorsFor(patch: Record<string, unknown>): Record<string, string> {
  const result = profileSchema.safeParse({ ...valid, ...patch });
  return result.success ? {} : fieldErrorsOf(result.error);
}

const repeat = (n: number, ch = "a") => ch.repeat(n);

describe("profileSchema", () => {
  it("accepts a complete profile and trims text", () => {
    const result = profileSchema.parse({
      ...valid,
      username: "  mia_swims  ",
      goals: "  Swim leg under 25 minutes \n",
    });
    expect(result.username).toBe("mia_swims");
    expect(result.goals).toBe("Swim leg under 25 minutes");
  });

  it.each([
    ["username", 3, 50, "Username must be at least 3 characters", "Username must be 50 characters or fewer"],
    [
      "full_name",
      2,
      100,
      "Full name must be at least 2 characters",
      "Full name must be 100 characters or fewer",
    ],
    ["location", 2, 100, "Location is required", "Location must be 100 characters or fewer"],
    [
      "goals",
      10,
      500,
      "Please provide some details about your goals",
      "Goals must be 500 characters or fewer",
    ],
  ])("%s: %i..%i characters", (field, min, max, tooShort, tooLong) => {
    expect(errorsFor({ [field]: repeat(min - 1) })[field]).toBe(tooShort);
    expect(errorsFor({ [field]: repeat(min) })).toEqual({});
    expect(errorsFor({ [field]: repeat(max) })).toEqual({});
    expect(errorsFor({ [field]: repeat(max + 1) })[field]).toBe(tooLong);
    expect(errorsFor({ [field]: "" })[field]).toBe(tooShort);
    // Only spaces around too little text still counts as too short.
    expect(errorsFor({ [field]: `   ${repeat(min - 1)}   ` })[field]).toBe(tooShort);
  });

  it.each([
    ["bio", 1000, "Bio must be 1000 characters or fewer"],
    ["training_preference", 100, "Training preference must be 100 characters or fewer"],
  ])("optional %s: empty or up to %i characters", (field, max, tooLong) => {
    expect(errorsFor({ [field]: "" })).toEqual({});
    expect(errorsFor({ [field]: repeat(max) })).toEqual({});
    expect(errorsFor({ [field]: repeat(max + 1) })[field]).toBe(tooLong);
  });

  it("counts emoji as one character each, as Postgres does", () => {
    expect(charCount("🏊‍♀️")).toBe(4); // woman swimming: 4 code points
    expect(errorsFor({ full_name: repeat(100, "🏊") })).toEqual({});
    expect(errorsFor({ full_name: repeat(101, "🏊") }).full_name).toBe(
      "Full name must be 100 characters or fewer",
    );
  });

  it.each([
    ["emoji", "Mia 🏊🚴"],
    ["right-to-left text", "مريم العدّاءة"],
    ["HTML and script", "<script>alert('x')</script><b>hi</b>"],
    ["SQL metacharacters", "Robert'); DROP TABLE profiles;--"],
  ])("accepts %s as plain text", (_name, value) => {
    const result = profileSchema.parse({
      ...valid,
      full_name: value,
      goals: `${value} goals text`,
      bio: value,
    });
    expect(result.full_name).toBe(value);
  });

  it("keeps emoji sequences (zero-width joiners) in goals and bio, not in one-line fields", () => {
    const swimmer = "🏊‍♀️"; // woman swimming: swimmer + ZWJ + female sign + variation selector
    const result = profileSchema.parse({ ...valid, goals: `Relay swim leg ${swimmer}`, bio: swimmer });
    expect(result.bio).toBe(swimmer);
    expect(errorsFor({ full_name: `Mia ${swimmer}` }).full_name).toBe(
      "Full name must be a single line without hidden or control characters",
    );
  });

  it("keeps line breaks in goals and bio but not in one-line fields", () => {
    expect(errorsFor({ goals: "Line one of goals\nline two", bio: "a\nb" })).toEqual({});
    expect(errorsFor({ username: "mia\nswims" }).username).toBe(
      "Username must be a single line without hidden or control characters",
    );
    expect(errorsFor({ location: "Noosa\u0000" }).location).toBe(
      "Location must be a single line without hidden or control characters",
    );
  });

  it.each([
    ["BEL", "\u0007"],
    ["ESC", "\u001b"],
    ["DEL", "\u007f"],
    ["C1 control", "\u0085"],
    ["right-to-left override", "\u202e"],
    ["zero-width space", "\u200b"],
  ])("refuses %s inside goals and bio", (_name, ch) => {
    const errors = errorsFor({ goals: `Swim under 25${ch} minutes`, bio: `Ocean${ch} swimmer` });
    expect(errors.goals).toBe("Goals can't contain hidden or control characters");
    expect(errors.bio).toBe("Bio can't contain hidden or control characters");
  });

  it.each([
    ["full_name", "Full name"],
    ["location", "Location"],
    ["training_preference", "Training preference"],
  ])("%s is one line of safe text", (field, label) => {
    for (const ch of ["\u0007", "\u001b", "\u007f", "\u202e", "\u200b", "\u200d", "\t"]) {
      expect(errorsFor({ [field]: `Noosa${ch}Heads` })[field]).toBe(
        `${label} must be a single line without hidden or control characters`,
      );
    }
  });

  it("refuses hidden characters in achievements and target times", () => {
    expect(errorsFor({ achievements: ["Podium\u202e2024"] })["achievements.0"]).toBe(
      "Achievement must be a single line without hidden or control characters",
    );
    expect(errorsFor({ target_times: { swim: "21:30\u200b" } })["target_times.swim"]).toBe(
      "Swim target time must be a single line without hidden or control characters",
    );
  });

  it("stores text in NFC, so two spellings of one name are one string", () => {
    const result = profileSchema.parse({ ...valid, full_name: "Zoe\u0308 Lawson", bio: "Cafe\u0301\r\nrun" });
    expect(result.full_name).toBe("Zo\u00eb Lawson");
    expect(result.bio).toBe("Caf\u00e9\nrun");
  });
});

describe("username alphabet", () => {
  it.each(["mia_swims", "Mia.Swims-2", "a-b", "___", "x".repeat(50)])("accepts %j", (username) => {
    expect(errorsFor({ username })).toEqual({});
  });

  it.each([
    ["a right-to-left override", "mia\u202eswims"],
    ["a zero-width space after a taken name", "mia_swims\u200b"],
    ["a zero-width joiner", "mia\u200dswims"],
  ])("refuses %s as hidden characters", (_name, username) => {
    expect(errorsFor({ username }).username).toBe(
      "Username must be a single line without hidden or control characters",
    );
  });

  it.each([
    ["a space", "mia swims"],
    ["an accented letter", "zoë_runs"],
    ["a Cyrillic look-alike", "mi\u0430_swims"],
    ["an emoji", "mia🏊"],
    ["an @", "@mia"],
    ["a slash", "mia/swims"],
  ])("refuses %s with the alphabet message", (_name, username) => {
    expect(errorsFor({ username }).username).toBe(
      "Username can only use letters (a-z), digits, underscores (_), dots (.) and hyphens (-)",
    );
  });

  it.each([
    ["specialty", "triathlete", "Please choose your specialty"],
    ["specialty", "", "Please choose your specialty"],
    ["specialty", undefined, "Please choose your specialty"],
    ["experience_level", "pro", "Please choose your experience level"],
    ["experience_level", "Elite", "Please choose your experience level"],
  ])("refuses %s = %j", (field, value, message) => {
    expect(errorsFor({ [field]: value })[field]).toBe(message);
  });

  it.each(["swimmer", "cyclist", "runner"])("accepts specialty %s", (specialty) => {
    expect(errorsFor({ specialty })).toEqual({});
  });

  it.each(["beginner", "intermediate", "advanced", "elite"])(
    "accepts experience level %s",
    (experience_level) => {
      expect(errorsFor({ experience_level })).toEqual({});
    },
  );

  it("refuses wrong types with a field message", () => {
    expect(errorsFor({ username: 42 }).username).toBe("Username must be text");
    expect(errorsFor({ goals: null }).goals).toBe("Goals must be text");
    expect(errorsFor({ is_public: "yes" }).is_public).toBe("Choose whether your profile is public");
    expect(errorsFor({ achievements: "won" }).achievements).toBe("Achievements must be a list");
    expect(profileSchema.safeParse("not an object").success).toBe(false);
  });

  it("refuses extra fields instead of dropping them", () => {
    expect(errorsFor({ auth_id: "d0000000-0000-4000-8000-000000000002" }).form).toBe(
      "Unknown field: auth_id",
    );
    expect(errorsFor({ target_times: { swim: "20:00", transition: "1:00" } }).target_times).toBe(
      "Target times must list swim, bike and run only",
    );
    expect(errorsFor({ availability: { days: [], times: [], note: "x" } }).availability).toBe(
      "Availability must list days and times only",
    );
  });

  it("target times: optional, at most 20 characters each", () => {
    expect(errorsFor({ target_times: {} })).toEqual({});
    expect(errorsFor({ target_times: { run: repeat(20, "9") } })).toEqual({});
    expect(errorsFor({ target_times: { run: repeat(21, "9") } })["target_times.run"]).toBe(
      "Keep the run time under 21 characters",
    );
    expect(errorsFor({ target_times: { bike: 70 } })["target_times.bike"]).toBe(
      "Bike target time must be text",
    );
  });

  it("availability: known days and times, each at most once", () => {
    const allDays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    expect(errorsFor({ availability: { days: allDays, times: ["evening"] } })).toEqual({});
    expect(errorsFor({ availability: { days: ["funday"], times: [] } })["availability.days.0"]).toBe(
      "Choose from the listed options",
    );
    expect(errorsFor({ availability: { days: ["monday", "monday"], times: [] } })["availability.days"]).toBe(
      "Choose each day at most once",
    );
    expect(errorsFor({ availability: { days: [], times: ["midnight"] } })["availability.times.0"]).toBe(
      "Choose from the listed options",
    );
  });

  it("achievements: up to 10, each 1..150 characters", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `Achievement ${i}`);
    expect(errorsFor({ achievements: [] })).toEqual({});
    expect(errorsFor({ achievements: ten })).toEqual({});
    expect(errorsFor({ achievements: [...ten, "one more"] }).achievements).toBe(
      "Add at most 10 achievements",
    );
    expect(errorsFor({ achievements: [repeat(150)] })).toEqual({});
    expect(errorsFor({ achievements: [repeat(151)] })["achievements.0"]).toBe(
      "Keep each achievement to 150 characters or fewer",
    );
    expect(errorsFor({ achievements: ["  "] })["achievements.0"]).toBe("Achievement cannot be empty");
  });
});

describe("profileIdSchema", () => {
  it("accepts a uuid and refuses anything else", () => {
    expect(profileIdSchema.safeParse("d0000000-0000-4000-8000-000000000001").success).toBe(true);
    expect(profileIdSchema.safeParse("not-a-uuid").success).toBe(false);
    expect(profileIdSchema.safeParse("1; drop table profiles").success).toBe(false);
  });
});

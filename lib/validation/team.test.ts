import { fieldErrorsOf } from "@/lib/server-action/result";
import { describe, expect, it } from "vitest";
import { event } from "@/lib/site";
import {
  addDays,
  raceDayMessage,
  joinRoleSchema,
  teamCreateSchema,
  teamUpdateSchema,
  urgentNeedSchema,
  type TeamCreateInput,
} from "./team";

const valid: TeamCreateInput = {
  name: "Noosa Flyers",
  description: "A relay team for the Olympic distance.",
  location: "Noosa Heads",
  max_members: 3,
  requirements: { roles: ["runner"], experience_levels: ["intermediate", "advanced"] },
  training_schedule: { days: ["saturday"], times: ["morning"] },
};

const errorsOf = (input: unknown, schema = teamCreateSchema) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

describe("teamCreateSchema", () => {
  it("accepts a valid team and trims and normalises text", () => {
    const result = teamCreateSchema.parse({ ...valid, name: "  Cafe\u0301 Crew  ", location: "" });
    expect(result.name).toBe("Café Crew");
    expect(result.location).toBe("");
  });

  it("uses the product's messages for name and description", () => {
    expect(errorsOf({ ...valid, name: "ab" }).name).toBe("Team name must be at least 3 characters");
    expect(errorsOf({ ...valid, name: "x".repeat(51) }).name).toBe(
      "Team name must be less than 50 characters",
    );
    expect(errorsOf({ ...valid, name: "   " }).name).toBe("Team name must be at least 3 characters");
    expect(errorsOf({ ...valid, description: "too short" }).description).toBe(
      "Description must be at least 10 characters",
    );
    expect(errorsOf({ ...valid, description: "y".repeat(501) }).description).toBe(
      "Description must be less than 500 characters",
    );
  });

  it("counts characters, not UTF-16 units, at the limits", () => {
    expect(errorsOf({ ...valid, name: "🏊".repeat(50) })).toEqual({});
    expect(errorsOf({ ...valid, name: "🏊".repeat(51) }).name).toBeDefined();
  });

  it("requires a role and an experience level", () => {
    const e = errorsOf({ ...valid, requirements: { roles: [], experience_levels: [] } });
    expect(e["requirements.roles"]).toBe("Please select at least one role");
    expect(e["requirements.experience_levels"]).toBe("Please select at least one experience level");
    expect(
      errorsOf({ ...valid, requirements: { roles: ["rower"], experience_levels: ["elite"] } }),
    ).toHaveProperty("requirements.roles.0");
    expect(
      errorsOf({ ...valid, requirements: { roles: ["runner", "runner"], experience_levels: ["elite"] } }),
    ).toHaveProperty("requirements.roles");
  });

  it("keeps max_members between 2 and 6", () => {
    expect(errorsOf({ ...valid, max_members: 1 }).max_members).toBe("A team needs at least 2 members");
    expect(errorsOf({ ...valid, max_members: 7 }).max_members).toBe("A team can have at most 6 members");
    expect(errorsOf({ ...valid, max_members: 2.5 }).max_members).toBe("Team size must be a whole number");
    expect(errorsOf({ ...valid, max_members: "3" }).max_members).toBeDefined();
  });

  it("refuses hidden characters, one-letter places and unknown fields", () => {
    expect(errorsOf({ ...valid, name: "Evil\u202eTeam" }).name).toMatch(/hidden or control/);
    expect(errorsOf({ ...valid, description: "Line one\nline two is fine" })).toEqual({});
    expect(errorsOf({ ...valid, name: "Line\nbreak" }).name).toMatch(/single line/);
    expect(errorsOf({ ...valid, location: "N" }).location).toBe("Location must be at least 2 characters");
    expect(errorsOf({ ...valid, creator_id: "x" }).form).toBe("Unknown field: creator_id");
    expect(errorsOf({ ...valid, training_schedule: { days: ["someday"], times: [] } })).toHaveProperty(
      "training_schedule.days.0",
    );
  });

  it("has no status; the update schema requires one", () => {
    expect(errorsOf({ ...valid, status: "open" }).form).toBe("Unknown field: status");
    expect(errorsOf({ ...valid, status: "open" }, teamUpdateSchema)).toEqual({});
    expect(errorsOf({ ...valid, status: "gone" }, teamUpdateSchema).status).toBe(
      "Please choose open, full or closed",
    );
  });
});

describe("urgentNeedSchema", () => {
  // A year and a month before race day (lib/site.ts), so "a year ahead" comes before race day.
  const today = addDays(event.raceDay, -395);
  const schema = urgentNeedSchema(today);
  it("takes a leg and a day from today to a year ahead", () => {
    expect(schema.safeParse({ role: "runner", by: today }).success).toBe(true);
    expect(schema.safeParse({ role: "runner", by: addDays(today, 365) }).success).toBe(true);
    expect(errorsOf({ role: "runner", by: addDays(today, -1) }, schema as never).by).toBe(
      "The date must be today or later",
    );
    expect(errorsOf({ role: "runner", by: addDays(today, 366) }, schema as never).by).toBe(
      "Choose a date within the next year",
    );
    expect(errorsOf({ role: "", by: "soon" }, schema as never)).toEqual({
      role: "Please choose the leg you need",
      by: "Please choose a date",
    });
  });
});

describe("urgentNeedSchema and race day", () => {
  it("refuses a day after race day, and takes race day itself", () => {
    const late = urgentNeedSchema(addDays(event.raceDay, -30));
    expect(late.safeParse({ role: "runner", by: event.raceDay }).success).toBe(true);
    expect(errorsOf({ role: "runner", by: addDays(event.raceDay, 1) }, late as never).by).toBe(
      raceDayMessage,
    );
  });
});

describe("joinRoleSchema", () => {
  it("takes a leg or empty for the requester's specialty", () => {
    expect(joinRoleSchema.parse("")).toBe("");
    expect(joinRoleSchema.parse("cyclist")).toBe("cyclist");
    expect(joinRoleSchema.safeParse("captain").success).toBe(false);
  });
});

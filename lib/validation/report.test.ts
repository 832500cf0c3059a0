import { describe, expect, it } from "vitest";
import { reportSchema } from "./report";

const id = "e0000000-0000-4000-8000-000000000001";
const messages = (input: unknown) => {
  const parsed = reportSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("reportSchema", () => {
  it("takes a kind, a target, a reason from the list and optional details (normalised and trimmed)", () => {
    expect(reportSchema.parse({ kind: "message", targetId: id, reason: "spam" })).toEqual({
      kind: "message",
      targetId: id,
      reason: "spam",
      details: "",
    });
    expect(
      reportSchema.parse({
        kind: "profile",
        targetId: id,
        reason: "other",
        details: "  Cafe\u0301\r\nphotos  ",
      }),
    ).toMatchObject({ details: "Café\nphotos" });
  });

  it("says what is missing or wrong", () => {
    expect(messages({ kind: "message", targetId: id })).toEqual(["reason: Choose a reason"]);
    expect(messages({ kind: "message", targetId: id, reason: "boring" })).toEqual([
      "reason: Choose a reason",
    ]);
    expect(messages({ kind: "team", targetId: id, reason: "spam" })).toEqual(["kind: Choose what to report"]);
    expect(messages({ kind: "message", targetId: "1", reason: "spam" })).toEqual([
      "targetId: Choose what to report",
    ]);
    expect(messages({ kind: "profile", targetId: id, reason: "other", details: "   " })).toEqual([
      "details: Tell us what is wrong",
    ]);
    expect(messages({ kind: "profile", targetId: id, reason: "spam", details: "x".repeat(1001) })).toEqual([
      "details: Details must be at most 1000 characters",
    ]);
    expect(messages({ kind: "profile", targetId: id, reason: "spam", details: "evil\u202etxt" })).toEqual([
      "details: Details can't contain hidden or control characters",
    ]);
    expect(messages({ kind: "profile", targetId: id, reason: "spam", reporter: "someone" })).toHaveLength(1);
  });
});

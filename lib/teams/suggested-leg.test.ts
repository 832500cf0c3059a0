import { describe, expect, it } from "vitest";
import { suggestedLeg } from "./suggested-leg";

describe("suggestedLeg", () => {
  it("starts on the urgent leg, else the first wanted leg nobody covers, else the first wanted", () => {
    const team = { requirements: { roles: ["swimmer", "runner"] }, covered_roles: ["swimmer"] };
    expect(suggestedLeg({ ...team, urgent_role: "cyclist" })).toBe("cyclist");
    expect(suggestedLeg(team)).toBe("runner");
    expect(suggestedLeg({ ...team, covered_roles: ["swimmer", "runner"] })).toBe("swimmer");
    expect(suggestedLeg({ requirements: { roles: [] }, covered_roles: [] })).toBeNull();
    // Leg order, whatever order the team listed them in.
    expect(suggestedLeg({ requirements: { roles: ["runner", "cyclist"] }, covered_roles: [] })).toBe(
      "cyclist",
    );
  });
});

import { describe, expect, it } from "vitest";
import { suggestedLeg } from "./suggested-leg";

describe("suggestedLeg", () => {
  it("starts on the urgent leg, else the first open leg, else the first wanted", () => {
    const team = { requirements: { roles: ["runner", "swimmer"] }, open_legs: ["runner" as const] };
    expect(suggestedLeg({ ...team, urgent_role: "runner" })).toBe("runner");
    expect(suggestedLeg(team)).toBe("runner");
    // Every leg covered, room for a reserve: the first wanted leg, in leg order whatever the team's order.
    expect(suggestedLeg({ ...team, open_legs: [] })).toBe("swimmer");
    expect(suggestedLeg({ requirements: { roles: [] }, open_legs: [] })).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { profileSchema } from "@/lib/validation/profile";
import { providerProfileStart } from "./provider-profile";

describe("providerProfileStart", () => {
  it("starts create-profile with the provider's name and a username made from it", () => {
    expect(providerProfileStart({ full_name: "Sam Taylor", name: "Sam Taylor" })).toEqual({
      full_name: "Sam Taylor",
      username: "sam_taylor",
    });
    expect(providerProfileStart({ name: "  Zoë   O'Brien-Smith " })).toEqual({
      full_name: "Zoë O'Brien-Smith",
      username: "zoe_o_brien_smith",
    });
  });

  it("suggests nothing it cannot stand behind: no name, a name of other scripts, too short", () => {
    expect(providerProfileStart({})).toEqual({ full_name: "", username: "" });
    expect(providerProfileStart(null)).toEqual({ full_name: "", username: "" });
    expect(providerProfileStart({ name: "李小龙" }).username).toBe("");
    expect(providerProfileStart({ name: "Al" }).username).toBe("");
    expect(providerProfileStart({ name: 42 })).toEqual({ full_name: "", username: "" });
  });

  it("the suggested username always passes the username rule", () => {
    for (const name of ["Ann Apple", "A".repeat(120), "Jean-Luc Picard", "x_y.z"]) {
      const { username } = providerProfileStart({ name });
      if (!username) continue;
      const parsed = profileSchema.shape.username.safeParse(username);
      expect(parsed.success, username).toBe(true);
    }
  });
});

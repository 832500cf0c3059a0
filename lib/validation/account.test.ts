import { describe, expect, it } from "vitest";
import { deleteAccountSchema } from "./account";

describe("delete account confirmation", () => {
  it("accepts exactly DELETE (surrounding spaces trimmed)", () => {
    expect(deleteAccountSchema.safeParse({ confirm: "DELETE" }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ confirm: "  DELETE " }).success).toBe(true);
  });

  it("refuses anything else with the message the form shows", () => {
    for (const confirm of ["", "delete", "Delete", "DELETE!", "DEL ETE", "DELETE my account"]) {
      const result = deleteAccountSchema.safeParse({ confirm });
      expect(result.success, confirm).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Type DELETE in capitals to confirm");
    }
    expect(deleteAccountSchema.safeParse({}).success).toBe(false);
  });
});

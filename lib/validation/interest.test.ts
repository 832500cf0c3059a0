import { describe, expect, it } from "vitest";
import { interestSchema } from "./interest";

const ok = { name: "  Mia Swimmer ", email: " Mia@Example.COM ", specialty: "swimmer" };

describe("interest schema", () => {
  it("normalises name and e-mail", () => {
    expect(interestSchema.parse(ok)).toEqual({
      name: "Mia Swimmer",
      email: "mia@example.com",
      specialty: "swimmer",
    });
  });

  it("rejects bad input with a message per field", () => {
    const r = interestSchema.safeParse({ name: "M", email: "not-an-email", specialty: "rower" });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      specialty: "Please choose your specialty",
    });
  });

  it("applies the safe text rule to the name", () => {
    expect(interestSchema.safeParse({ ...ok, name: "Mia\u202eSwim" }).success).toBe(false);
    expect(interestSchema.safeParse({ ...ok, name: "Mia\u200bSwim" }).success).toBe(false);
    expect(interestSchema.safeParse({ ...ok, name: "x".repeat(101) }).success).toBe(false);
  });
});

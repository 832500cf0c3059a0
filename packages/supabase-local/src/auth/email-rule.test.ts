import { describe, expect, it } from "vitest";
import { normaliseEmail } from "./context.ts";

describe("GoTrue's e-mail rule", () => {
  it.each([
    "xx:;x@x.x",
    "a@b-.com",
    "a@-b.com",
    `a@${"a".repeat(64)}.com`,
    "mia smith@example.com",
    "mia@exa_mple.com",
    "\u00e9lodie@example.com",
    "mia@",
    "@example.com",
  ])("refuses %j with 400 validation_failed", (email) => {
    expect(() => normaliseEmail(email)).toThrow(
      expect.objectContaining({
        status: 400,
        code: "validation_failed",
        message: "Unable to validate email address: invalid format",
      }),
    );
  });

  it.each([
    ["Mia@Example.COM", "mia@example.com"],
    ["o'brien+relay@noosa-tri.com.au", "o'brien+relay@noosa-tri.com.au"],
    [`a@${"a".repeat(63)}.com`, `a@${"a".repeat(63)}.com`],
    ["mia@localhost", "mia@localhost"],
  ])("accepts %j (stored as %j)", (email, stored) => {
    expect(normaliseEmail(email)).toBe(stored);
  });

  it("refuses an address over 255 bytes as too long", () => {
    expect(() => normaliseEmail(`${"a".repeat(250)}@x.com`)).toThrow("An email address is too long");
  });
});

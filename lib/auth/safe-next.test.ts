import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next.ts";

describe("safeNext", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/teams/42/edit", "/teams/42/edit"],
    ["/teams?tab=mine#top", "/teams?tab=mine#top"],
    ["/auth?view=update_password", "/auth?view=update_password"],
    ["/profile/d0000000-0000-4000-8000-000000000001", "/profile/d0000000-0000-4000-8000-000000000001"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeNext(input)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "//evil.example/dashboard",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "http://evil.example/dashboard",
    "javascript:alert(1)",
    "evil.example",
    "dashboard",
    "/\tevil",
    "/\n/evil.example",
    "/%2f%2fevil.example",
    "/%5cevil.example",
    "/dash\\board",
    "",
    " /dashboard",
  ])("rejects %j", (input) => {
    expect(safeNext(input)).toBe("/dashboard");
  });

  it("rejects values that are not strings", () => {
    expect(safeNext(undefined)).toBe("/dashboard");
    expect(safeNext(null)).toBe("/dashboard");
    expect(safeNext(["/teams"])).toBe("/dashboard");
    expect(safeNext(42)).toBe("/dashboard");
  });

  it("uses the given fallback", () => {
    expect(safeNext("//evil.example", "/")).toBe("/");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeNext("/teams/../dashboard")).toBe("/dashboard");
    expect(safeNext("/../../evil.example")).toBe("/evil.example");
  });
});

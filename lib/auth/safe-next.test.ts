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
    // Paths that normalise to `//host` (docs/security.md#redirects): decided on the parsed result, not the raw text.
    "/.//localhost:3901/pwned",
    "/%2e//localhost:3901/pwned",
    "/%2E//localhost:3901/pwned",
    "/a/..//localhost:3901/pwned",
    "/..//localhost:3901/pwned",
    "/./%2e/.//evil.example",
    "/a/b/../..//evil.example",
    // Backslashes, tabs and newlines in every position.
    "/\\/evil.example",
    "/.\\/evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\r\n//evil.example",
    "\t//evil.example",
    "/./\t/evil.example",
    // Encoded slashes and backslashes, once and twice.
    "/%2F%2Fevil.example",
    "/.%2f%2fevil.example",
    "/x/%2fevil.example",
    "/%5C%5Cevil.example",
    "/%252f%252fevil.example",
    // Schemes and userinfo.
    "javascript:alert(1)",
    "JavaScript:alert(document.domain)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//user@evil.example",
    "https://same-site.invalid@evil.example",
    "//evil.example@same-site.invalid",
    "/\\@evil.example",
    "http:/evil.example",
    "https:evil.example",
    "///evil.example",
    "////evil.example",
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

  it.each([
    ["/@evil.example", "/@evil.example"],
    ["/javascript:alert(1)", "/javascript:alert(1)"],
    ["/teams/./42", "/teams/42"],
  ])("keeps %j on the site as a path", (input, expected) => {
    expect(safeNext(input)).toBe(expected);
    expect(new URL(safeNext(input), "https://noosatriteams.com.au").origin).toBe(
      "https://noosatriteams.com.au",
    );
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeNext("/teams/../dashboard")).toBe("/dashboard");
    expect(safeNext("/../../evil.example")).toBe("/evil.example");
  });
});

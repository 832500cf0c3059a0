import { describe, expect, it } from "vitest";
import { sessionCookieName } from "@/lib/public-env";
import { hasSessionCookie } from "./session-cookie";

describe("hasSessionCookie", () => {
  it("finds the whole cookie and the first chunk", () => {
    expect(hasSessionCookie(`a=1; ${sessionCookieName}=base64-abc`)).toBe(true);
    expect(hasSessionCookie(`${sessionCookieName}.0=base64-abc; ${sessionCookieName}.1=def`)).toBe(true);
  });

  it("ignores PKCE verifiers, other projects and empty headers", () => {
    expect(hasSessionCookie(`${sessionCookieName}-code-verifier=x`)).toBe(false);
    expect(hasSessionCookie("sb-other-auth-token=x")).toBe(false);
    expect(hasSessionCookie("")).toBe(false);
  });
});

import { createChunks, stringToBase64URL } from "@supabase/ssr";
import { describe, expect, it } from "vitest";
import { sessionCookieName } from "@/lib/public-env";
import { hasSessionCookie } from "./session-cookie";
import { sessionUserId } from "./session-user";

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

describe("sessionUserId", () => {
  const part = (value: object) => stringToBase64URL(JSON.stringify(value));
  const token = `${part({ alg: "ES256" })}.${part({ sub: "3f1c2b9e-0000-4000-8000-000000000001", role: "authenticated" })}.sig`;
  // Written by @supabase/ssr's own encoder, with a name that is not ASCII and a long metadata field.
  const session = `base64-${stringToBase64URL(
    JSON.stringify({
      access_token: token,
      user: { user_metadata: { name: "Zoë Ngô", bio: "x".repeat(5000) } },
    }),
  )}`;

  it("reads the account id from a whole or chunked session cookie", () => {
    expect(sessionUserId(`a=1; ${sessionCookieName}=${session}`)).toBe(
      "3f1c2b9e-0000-4000-8000-000000000001",
    );
    const chunks = createChunks(sessionCookieName, session);
    expect(chunks.length).toBeGreaterThan(1);
    const header = chunks.map(({ name, value }) => `${name}=${value}`).join("; ");
    expect(sessionUserId(header)).toBe("3f1c2b9e-0000-4000-8000-000000000001");
  });

  it("is null without a readable session", () => {
    expect(sessionUserId("")).toBeNull();
    expect(sessionUserId(`${sessionCookieName}=plain`)).toBeNull();
    expect(sessionUserId(`${sessionCookieName}=base64-${stringToBase64URL("{}")}`)).toBeNull();
    expect(sessionUserId(`${sessionCookieName}=base64-!!`)).toBeNull();
  });
});

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { codeChallengeS256, otpCode, pkceMatches, refreshToken, tokenHash } from "./tokens.ts";

describe("auth tokens", () => {
  it("hashes e-mail + code like GoTrue (hex SHA-224), prefixing PKCE flows", () => {
    const expected = createHash("sha224").update("a@b.co123456").digest("hex");
    expect(tokenHash("a@b.co", "123456")).toBe(expected);
    expect(tokenHash("a@b.co", "123456", true)).toBe(`pkce_${expected}`);
    expect(tokenHash("a@b.co", "123457")).not.toBe(expected);
  });

  it("checks S256 and plain PKCE verifiers (RFC 7636 appendix B vector)", () => {
    const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
    expect(codeChallengeS256(verifier)).toBe(challenge);
    expect(pkceMatches("s256", challenge, verifier)).toBe(true);
    expect(pkceMatches("s256", challenge, verifier + "x")).toBe(false);
    expect(pkceMatches("plain", "abc", "abc")).toBe(true);
    expect(pkceMatches("plain", "abc", "abd")).toBe(false);
  });

  it("makes 6-digit codes and unguessable refresh tokens", () => {
    expect(otpCode()).toMatch(/^\d{6}$/);
    const tokens = new Set(Array.from({ length: 100 }, refreshToken));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

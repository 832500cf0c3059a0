import { describe, expect, it } from "vitest";
import { ANON_CLAIMS, expiredMessage, resolveToken } from "./token.ts";

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (payload: object) => `${b64({ alg: "ES256", typ: "JWT" })}.${b64(payload)}.c2ln`;
const now = () => Math.floor(Date.now() / 1000);

describe("resolveToken", () => {
  it("treats a missing token or a non-JWT (the publishable key) as anon without verifying", async () => {
    const verify = async () => {
      throw new Error("must not be called");
    };
    for (const token of [undefined, null, "", "sb_publishable_local_development_key", 42]) {
      expect(await resolveToken(token, verify)).toEqual({ ok: true, claims: ANON_CLAIMS, exp: null });
    }
  });

  it("accepts verified claims and keeps their expiry", async () => {
    const claims = { sub: "u1", role: "authenticated", exp: now() + 60 };
    expect(await resolveToken(jwt(claims), async () => claims)).toEqual({
      ok: true,
      claims,
      exp: claims.exp,
    });
  });

  it("says how long ago an unverifiable token expired, like the real server", async () => {
    const result = await resolveToken(jwt({ role: "authenticated", exp: now() - 5 }), async () => null);
    expect(result).toEqual({
      ok: false,
      reason: expect.stringMatching(/^Token has expired [5-7] seconds ago$/),
    });
  });

  it("reports a bad signature when the token is not expired", async () => {
    const result = await resolveToken(jwt({ role: "authenticated", exp: now() + 60 }), async () => null);
    expect(result).toEqual({ ok: false, reason: "Invalid JWT: signature verification failed" });
  });

  it("refuses roles other than anon, authenticated and service_role", async () => {
    const claims = { role: "postgres", exp: now() + 60 };
    expect(await resolveToken(jwt(claims), async () => claims)).toEqual({
      ok: false,
      reason: 'Role "postgres" is not allowed',
    });
    const noRole = { exp: now() + 60 } as unknown as { role: string };
    expect((await resolveToken(jwt(noRole), async () => noRole)).ok).toBe(false);
  });

  it("formats expiry like Realtime", () => {
    expect(expiredMessage(100, 105_000)).toBe("Token has expired 5 seconds ago");
  });
});

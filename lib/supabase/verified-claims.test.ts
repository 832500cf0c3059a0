import { createChunks, stringToBase64URL } from "@supabase/ssr";
import { describe, expect, it, vi } from "vitest";
import { sessionCookieName } from "@/lib/public-env";
import { rememberedClaims, sessionInCookies, verifiedClaims } from "./verified-claims";

type Auth = Parameters<typeof verifiedClaims>[0];
const keys = () => ({ keys: [{ kid: "k1", kty: "EC" }] }) as unknown as Parameters<typeof verifiedClaims>[1];

/** A stand-in for supabase-js's auth: a session holding `token`, and getClaims answering `claims`. */
function fakeAuth(token: string | null, claims: Record<string, unknown> | null) {
  const getClaims = vi.fn(async () =>
    claims ? { data: { claims }, error: null } : { data: null, error: new Error("Invalid JWT signature") },
  );
  const auth = {
    getSession: async () => ({ data: { session: token ? { access_token: token } : null }, error: null }),
    getClaims,
  } as unknown as Auth;
  return { auth, getClaims };
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe("verifiedClaims", () => {
  it("verifies a token once per key set, then answers from what it verified", async () => {
    const jwks = keys();
    const claims = { sub: "u1", role: "authenticated", exp: inAnHour() };
    const first = fakeAuth("token-a", claims);
    expect(await verifiedClaims(first.auth, jwks)).toEqual(claims);
    expect(first.getClaims).toHaveBeenCalledWith("token-a", { jwks });
    const again = fakeAuth("token-a", claims);
    expect(await verifiedClaims(again.auth, jwks)).toEqual(claims);
    expect(again.getClaims).not.toHaveBeenCalled();
  });

  it("verifies again with a new key set, and never remembers a token that failed", async () => {
    const claims = { sub: "u2", role: "authenticated", exp: inAnHour() };
    await verifiedClaims(fakeAuth("token-b", claims).auth, keys());
    const rotated = fakeAuth("token-b", null);
    expect(await verifiedClaims(rotated.auth, keys())).toBeNull();
    expect(rotated.getClaims).toHaveBeenCalledOnce();
    const forged = fakeAuth("token-c", null);
    const jwks = keys();
    expect(await verifiedClaims(forged.auth, jwks)).toBeNull();
    const forgedAgain = fakeAuth("token-c", null);
    expect(await verifiedClaims(forgedAgain.auth, jwks)).toBeNull();
    expect(forgedAgain.getClaims).toHaveBeenCalledOnce();
  });

  it("does not use a remembered token past its expiry", async () => {
    const jwks = keys();
    const expired = { sub: "u3", role: "authenticated", exp: Math.floor(Date.now() / 1000) - 1 };
    await verifiedClaims(fakeAuth("token-d", expired).auth, jwks);
    const later = fakeAuth("token-d", null);
    expect(await verifiedClaims(later.auth, jwks)).toBeNull();
    expect(later.getClaims).toHaveBeenCalledOnce();
  });

  it("is null without a session", async () => {
    const none = fakeAuth(null, null);
    expect(await verifiedClaims(none.auth, keys())).toBeNull();
    expect(none.getClaims).not.toHaveBeenCalled();
  });
});

/** The session cookie(s) as @supabase/ssr writes them, chunked when longer than `chunkSize`. */
function sessionCookies(token: string, expiresAt: number, chunkSize?: number) {
  const session = { access_token: token, expires_at: expiresAt, refresh_token: "r", user: { id: "u" } };
  return createChunks(sessionCookieName, `base64-${stringToBase64URL(JSON.stringify(session))}`, chunkSize);
}

describe("sessionInCookies", () => {
  it("reads the session @supabase/ssr wrote, whole or in chunks", () => {
    const whole = sessionCookies("token-w", 1_900_000_000);
    expect(whole).toHaveLength(1);
    expect(sessionInCookies([{ name: "other", value: "1" }, ...whole])).toEqual({
      token: "token-w",
      expiresAt: 1_900_000_000,
    });
    const chunked = sessionCookies("token-" + "é".repeat(300), 1_900_000_000, 200);
    expect(chunked.length).toBeGreaterThan(2);
    expect(sessionInCookies(chunked.reverse())?.token).toBe("token-" + "é".repeat(300));
  });

  it("is null for no cookie, another format or a broken value", () => {
    expect(sessionInCookies([])).toBeNull();
    expect(sessionInCookies([{ name: sessionCookieName, value: '{"access_token":"t"}' }])).toBeNull();
    expect(sessionInCookies([{ name: sessionCookieName, value: "base64-%%%" }])).toBeNull();
    expect(sessionInCookies([{ name: `${sessionCookieName}.1`, value: "base64-abc" }])).toBeNull();
  });
});

describe("rememberedClaims", () => {
  it("answers for a session whose token was verified with the key set in use, without a client", async () => {
    const jwks = keys();
    const claims = { sub: "u5", role: "authenticated", exp: inAnHour() };
    const cookies = sessionCookies("token-e", claims.exp);
    expect(rememberedClaims(cookies, jwks)).toBeNull();
    await verifiedClaims(fakeAuth("token-e", claims).auth, jwks);
    expect(rememberedClaims(cookies, jwks)).toEqual(claims);
    expect(rememberedClaims(cookies, keys())).toBeNull();
    expect(rememberedClaims(cookies, undefined)).toBeNull();
    expect(rememberedClaims(sessionCookies("token-other", claims.exp), jwks)).toBeNull();
  });

  it("leaves a session near its expiry to supabase-js, which refreshes it", async () => {
    const jwks = keys();
    const soon = Math.floor(Date.now() / 1000) + 120;
    const claims = { sub: "u6", role: "authenticated", exp: soon };
    await verifiedClaims(fakeAuth("token-f", claims).auth, jwks);
    expect(await verifiedClaims(fakeAuth("token-f", null).auth, jwks)).toEqual(claims);
    expect(rememberedClaims(sessionCookies("token-f", soon), jwks)).toBeNull();
  });
});

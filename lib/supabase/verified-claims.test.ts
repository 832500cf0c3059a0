import { describe, expect, it, vi } from "vitest";
import { verifiedClaims } from "./verified-claims";

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

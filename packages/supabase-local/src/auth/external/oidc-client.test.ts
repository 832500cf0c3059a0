import { createHash } from "node:crypto";
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { describe, expect, it } from "vitest";
import { verifyIdToken } from "./oidc-client.ts";

// The relying party's id_token checks, against tokens signed here (the OpenID RP test plan's negatives).
const issuer = "https://op.example";
const clientId = "client-1";
const { privateKey, publicKey } = await generateKeyPair("RS256");
const other = await generateKeyPair("RS256");
const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256" }] });

async function token(claims: JWTPayload, key = privateKey, alg = "RS256") {
  return new SignJWT({ sub: "248289761001", nonce: "n-0S6", ...claims })
    .setProtectedHeader({ alg, kid: "k1" })
    .setIssuer((claims.iss as string) ?? issuer)
    .setAudience((claims.aud as string) ?? clientId)
    .setIssuedAt()
    .setExpirationTime((claims.exp as number) ?? "5m")
    .sign(key);
}

const expectations = { issuer, clientId, jwks, nonce: "n-0S6" };

describe("verifyIdToken", () => {
  it("accepts a token signed by the provider, for this client, with the nonce sent", async () => {
    const payload = await verifyIdToken(await token({ email: "a@example.com" }), expectations);
    expect(payload).toMatchObject({ sub: "248289761001", email: "a@example.com" });
  });

  it("refuses another issuer, another audience, an expired token, a foreign signature", async () => {
    await expect(verifyIdToken(await token({ iss: "https://evil.example" }), expectations)).rejects.toThrow(
      /iss/,
    );
    await expect(verifyIdToken(await token({ aud: "someone-else" }), expectations)).rejects.toThrow(/aud/);
    const past = Math.floor(Date.now() / 1000) - 3600;
    await expect(verifyIdToken(await token({ exp: past }), expectations)).rejects.toThrow(/exp/);
    await expect(verifyIdToken(await token({}, other.privateKey), expectations)).rejects.toThrow(/signature/);
  });

  it("refuses a symmetric algorithm (the client secret as a key) and an unsigned token", async () => {
    const hs = await new SignJWT({ sub: "x", nonce: "n-0S6" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("a-client-secret-of-32-bytes-long!"));
    await expect(verifyIdToken(hs, expectations)).rejects.toThrow();
    const [, body] = (await token({})).split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${body}.`;
    await expect(verifyIdToken(none, expectations)).rejects.toThrow();
  });

  it("refuses a nonce other than the one sent, or none; skips the check only when told", async () => {
    await expect(verifyIdToken(await token({ nonce: "other" }), expectations)).rejects.toThrow(/nonce/);
    await expect(verifyIdToken(await token({ nonce: undefined }), expectations)).rejects.toThrow(/nonce/);
    await expect(
      verifyIdToken(await token({ nonce: "other" }), { ...expectations, nonce: null }),
    ).resolves.toBeTruthy();
  });

  it("checks at_hash against the access token when the token carries one", async () => {
    const accessToken = "ya29.an-access-token";
    const digest = createHash("sha256").update(accessToken).digest();
    const atHash = digest.subarray(0, 16).toString("base64url");
    const signed = await token({ at_hash: atHash });
    await expect(verifyIdToken(signed, { ...expectations, accessToken })).resolves.toBeTruthy();
    await expect(verifyIdToken(signed, { ...expectations, accessToken: "another" })).rejects.toThrow(
      /access token hash/,
    );
  });
});

import { createHash } from "node:crypto";
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";

/** What GoTrue's provider code keeps of an OpenID Provider: its endpoints, from discovery. */
export type Discovered = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks: JWTVerifyGetKey;
};

const discovered = new Map<string, Promise<Discovered>>();

/** `<issuer>/.well-known/openid-configuration`, once per issuer (go-oidc's NewProvider, cached as GoTrue's). */
export function discover(issuer: string): Promise<Discovered> {
  let found = discovered.get(issuer);
  if (!found) {
    found = (async () => {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`discovery of ${issuer} failed: HTTP ${res.status}`);
      const doc = (await res.json()) as Record<string, string>;
      // go-oidc refuses a document naming another issuer than the one asked for.
      if (doc.issuer !== issuer) throw new Error(`issuer did not match: ${doc.issuer} != ${issuer}`);
      return {
        issuer,
        authorization_endpoint: doc.authorization_endpoint!,
        token_endpoint: doc.token_endpoint!,
        jwks: createRemoteJWKSet(new URL(doc.jwks_uri!)),
      };
    })();
    found.catch(() => discovered.delete(issuer));
    discovered.set(issuer, found);
  }
  return found;
}

export type TokenResponse = { access_token: string; refresh_token?: string; id_token?: string };

/**
 * The authorization code for tokens at the provider's token endpoint. Google's client authenticates with
 * HTTP Basic; Apple's with client_id and client_secret in the body (GoTrue's AppleProvider.GetOAuthToken).
 */
export async function exchangeCode(
  op: Discovered,
  client: { id: string; secret: string; inBody: boolean },
  code: string,
  redirectUri: string,
): Promise<TokenResponse> {
  const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    Accept: "application/json",
  };
  if (client.inBody) {
    form.set("client_id", client.id);
    form.set("client_secret", client.secret);
  } else {
    const enc = (s: string) => encodeURIComponent(s);
    headers.Authorization = `Basic ${Buffer.from(`${enc(client.id)}:${enc(client.secret)}`).toString("base64")}`;
  }
  const res = await fetch(op.token_endpoint, {
    method: "POST",
    headers,
    body: form,
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.access_token !== "string") {
    throw new Error(`token endpoint: HTTP ${res.status} ${String(body.error ?? "")}`);
  }
  return body as TokenResponse;
}

/**
 * go-oidc's IDTokenVerifier as GoTrue configures it (ClientID set): the signature against the provider's
 * JWKS (asymmetric algorithms only), `iss` equal to the issuer, `aud` containing the client id, `exp` not
 * passed; then, as ParseIDToken does, `at_hash` against the access token when present. Unlike GoTrue's
 * redirect flow, which sends no nonce, the stand-in sends one and requires it back (`expectedNonce`).
 */
export async function verifyIdToken(
  idToken: string,
  expect: {
    issuer: string;
    clientId: string;
    jwks: JWTVerifyGetKey;
    nonce: string | null;
    accessToken?: string;
  },
): Promise<JWTPayload> {
  const { payload, protectedHeader } = await jwtVerify(idToken, expect.jwks, {
    issuer: expect.issuer,
    audience: expect.clientId,
    algorithms: ["RS256", "RS384", "RS512", "ES256", "ES384", "ES512", "PS256", "PS384", "PS512", "EdDSA"],
  });
  if (expect.nonce !== null && payload.nonce !== expect.nonce)
    throw new Error("id_token nonce did not match");
  if (typeof payload.sub !== "string" || !payload.sub) throw new Error("id_token has no subject");
  const atHash = payload.at_hash;
  if (typeof atHash === "string" && expect.accessToken !== undefined) {
    const bits = Number(/\d+$/.exec(protectedHeader.alg)?.[0] ?? 256);
    const digest = createHash(bits === 512 ? "sha512" : bits === 384 ? "sha384" : "sha256")
      .update(expect.accessToken)
      .digest();
    if (digest.subarray(0, digest.length / 2).toString("base64url") !== atHash) {
      throw new Error("access token hash does not match value in ID token");
    }
  }
  return payload;
}

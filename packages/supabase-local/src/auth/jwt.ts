import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type CryptoKey } from "jose";

/**
 * ES256 signing keys, like a Supabase project with asymmetric JWT keys: the JWKS lets `getClaims()` verify
 * tokens offline. Generated once per data folder (persisted for --dev, fresh for --test).
 */
export type SigningKeys = { kid: string; privateKey: CryptoKey; publicJwk: JWK; publicKey: CryptoKey };

type StoredKeys = { kid: string; privateJwk: JWK };

export async function loadOrCreateKeys(file: string | null): Promise<SigningKeys> {
  let stored: StoredKeys | null = null;
  if (file && existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as StoredKeys;
  if (!stored) {
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    stored = { kid: randomUUID(), privateJwk: await exportJWK(privateKey) };
    if (file) writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  const pub: JWK = { ...stored.privateJwk };
  delete pub.d; // the private part
  const publicJwk: JWK = { ...pub, kid: stored.kid, alg: "ES256", use: "sig", key_ops: ["verify"] };
  return {
    kid: stored.kid,
    privateKey: (await importJWK({ ...stored.privateJwk, alg: "ES256" }, "ES256")) as CryptoKey,
    publicKey: (await importJWK({ ...pub, alg: "ES256" }, "ES256")) as CryptoKey,
    publicJwk,
  };
}

let active: SigningKeys | null = null;

/** The keys the running stack signs with; verifyAccessToken uses them. */
export function setSigningKeys(keys: SigningKeys): void {
  active = keys;
}

function keys(): SigningKeys {
  if (!active) throw new Error("signing keys not loaded");
  return active;
}

export async function signJwt(claims: Record<string, unknown>, expiresInSeconds: number): Promise<string> {
  const { kid, privateKey } = keys();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(privateKey);
}

export type AccessClaims = {
  sub?: string;
  role: string;
  exp: number;
  session_id?: string;
  [claim: string]: unknown;
};

/** Verified claims of a token this stack signed, or null when it is malformed, forged or expired. */
export async function verifyAccessToken(jwt: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(jwt, keys().publicKey, { algorithms: ["ES256"] });
    if (typeof payload.role !== "string" || typeof payload.exp !== "number") return null;
    return payload as AccessClaims;
  } catch {
    return null;
  }
}

export function jwks(): { keys: JWK[] } {
  return { keys: [keys().publicJwk] };
}

/** A service_role key like the dashboard's legacy one: a long-lived JWT for the GoTrue admin API. */
export function serviceRoleKey(issuer: string): Promise<string> {
  return signJwt({ iss: issuer, role: "service_role" }, 10 * 365 * 24 * 3600);
}

/** Claims of any token this stack signed (the OAuth `state`, for one), or null when forged or expired. */
export async function verifyStackJwt(jwt: string): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(jwt, keys().publicKey, { algorithms: ["ES256"] });
    return payload;
  } catch {
    return null;
  }
}

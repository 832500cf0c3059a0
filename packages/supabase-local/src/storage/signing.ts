import { jwtVerify, SignJWT } from "jose";
import { failures } from "./errors.ts";

/**
 * Signed URL tokens as hosted Storage makes them: an HS256 JWT with the object's `<bucket>/<name>` as `url`
 * and a scope (download or upload; upload tokens carry `owner` and `upsert`), signed with the project's URL
 * signing key and checked against the requested path and expiry.
 */
export type UrlScope = "download" | "upload";

export async function signUrlToken(
  key: Uint8Array,
  claims: { url: string; scope: UrlScope; owner?: string; upsert?: boolean },
  expiresInSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(key);
}

export type UrlToken = { url: string; scope: UrlScope; owner?: string; upsert?: boolean; exp: number };

export async function verifyUrlToken(
  key: Uint8Array,
  token: string,
  url: string,
  scope: UrlScope,
): Promise<UrlToken> {
  let payload: UrlToken;
  try {
    // Expiry is checked below, with hosted's own error.
    payload = (await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: new Date(0) }))
      .payload as UrlToken;
  } catch (error) {
    throw failures.invalidJwt((error as Error).message);
  }
  if (payload.scope !== scope) throw failures.invalidSignature(`Token is not scoped for ${scope}`);
  if (payload.url !== url) throw failures.invalidSignature();
  if (payload.exp * 1000 < Date.now()) throw failures.expiredSignature();
  return payload;
}

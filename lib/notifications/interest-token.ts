import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { linkKey } from "./unsubscribe-token";

// The register-interest confirmation link names a request (private.interest_requests) and carries an
// HMAC-SHA256 signature, so only the e-mail's reader can confirm it. Expiry is the request's own (48 hours,
// in SQL), so nothing here needs a clock. Signed with the e-mail link key, under its own label, so an
// unsubscribe signature can never pass as a confirmation.
const version = "c1";
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (key: Buffer, requestId: string) =>
  createHmac("sha256", key).update(`interest-confirm.${version}.${requestId}`).digest();

export function signInterestToken(requestId: string, key = linkKey()): string {
  return `${version}.${requestId}.${signature(key, requestId).toString("base64url")}`;
}

/** The request a genuine token names, or null for anything forged, garbled or of another version. */
export function verifyInterestToken(token: unknown, key = linkKey()): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const [v, requestId, sig, ...rest] = token.split(".");
  if (rest.length || v !== version || !requestId || !uuid.test(requestId) || !sig) return null;
  const given = Buffer.from(sig, "base64url");
  const expected = signature(key, requestId);
  const same = timingSafeEqual(
    createHash("sha256").update(given).digest(),
    createHash("sha256").update(expected).digest(),
  );
  return same && given.length === expected.length ? requestId : null;
}

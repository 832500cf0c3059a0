import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { isNotificationKind, type NotificationKind } from "./kinds";

// Unsubscribe links work without signing in, so they carry a signature: HMAC-SHA256 over the version,
// the profile and the kind. No expiry (an old e-mail's link should still stop the e-mails); the version
// lets us retire every link at once by moving to v2.
const version = "v1";
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The signing key: EMAIL_LINK_SECRET, else a key derived from SUPABASE_SECRET_KEY (server-only; the local
 * stack sets one per run). Derived, so the secret key itself never signs anything the public sees.
 */
export function linkKey(env: Record<string, string | undefined> = process.env): Buffer {
  if (env.EMAIL_LINK_SECRET) return Buffer.from(env.EMAIL_LINK_SECRET, "utf8");
  if (env.SUPABASE_SECRET_KEY) {
    return createHmac("sha256", env.SUPABASE_SECRET_KEY).update("noosa-tri-teams e-mail links").digest();
  }
  throw new Error("Set EMAIL_LINK_SECRET (or SUPABASE_SECRET_KEY) to sign e-mail links. See .env.example.");
}

function signature(key: Buffer, profileId: string, kind: NotificationKind): Buffer {
  return createHmac("sha256", key).update(`${version}.${profileId}.${kind}`).digest();
}

export function signUnsubscribeToken(profileId: string, kind: NotificationKind, key = linkKey()): string {
  return `${version}.${profileId}.${kind}.${signature(key, profileId, kind).toString("base64url")}`;
}

/** The profile and kind a genuine token names, or null for anything forged, garbled or of another version. */
export function verifyUnsubscribeToken(
  token: unknown,
  key = linkKey(),
): { profileId: string; kind: NotificationKind } | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const [v, profileId, kind, sig, ...rest] = token.split(".");
  if (
    rest.length ||
    v !== version ||
    !profileId ||
    !uuid.test(profileId) ||
    !isNotificationKind(kind) ||
    !sig
  ) {
    return null;
  }
  const given = Buffer.from(sig, "base64url");
  const expected = signature(key, profileId, kind);
  // Compare digests of equal length so the comparison time says nothing about the signature.
  const same = timingSafeEqual(
    createHash("sha256").update(given).digest(),
    createHash("sha256").update(expected).digest(),
  );
  return same && given.length === expected.length ? { profileId, kind } : null;
}

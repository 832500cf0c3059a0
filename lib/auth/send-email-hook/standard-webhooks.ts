import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com), as Supabase Auth signs its HTTP hooks:
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the
 * base64 secret after `whsec_`. The dashboard shows the secret as `v1,whsec_…`; several may be given,
 * separated by `|`, so a secret can be rotated without a gap.
 */

/** How far a webhook-timestamp may be from now, either way: the spec's replay window. */
export const toleranceSeconds = 5 * 60;

export type WebhookHeaders = { id: string | null; timestamp: string | null; signature: string | null };

export type Verdict = { ok: true } | { ok: false; reason: string };

function secretKey(secret: string): Buffer | null {
  const bare = secret
    .trim()
    .replace(/^v1,/, "")
    .replace(/^whsec_/, "");
  const key = Buffer.from(bare, "base64");
  return key.length > 0 ? key : null;
}

/** The secrets in an env value (`v1,whsec_…`, `|`-separated); empty when unset. */
export function parseSecrets(value: string | undefined): Buffer[] {
  return (value ?? "")
    .split("|")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(secretKey)
    .filter((k): k is Buffer => k !== null);
}

export function sign(key: Buffer, id: string, timestamp: number | string, body: string): string {
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** Checks a request's headers and raw body against every secret; any one valid v1 signature passes. */
export function verify(
  keys: Buffer[],
  headers: WebhookHeaders,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Verdict {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return { ok: false, reason: "missing webhook headers" };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "bad webhook-timestamp" };
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) {
    return { ok: false, reason: "webhook-timestamp outside the tolerance" };
  }
  // The header lists signatures separated by spaces (Auth joins one per secret with ", ").
  const given = signature
    .split(/[\s]+/)
    .map((s) => s.replace(/,$/, ""))
    .filter((s) => s.startsWith("v1,"))
    .map((s) => Buffer.from(s));
  for (const key of keys) {
    const expected = Buffer.from(sign(key, id, timestamp, body));
    if (given.some((g) => g.length === expected.length && timingSafeEqual(g, expected))) return { ok: true };
  }
  return { ok: false, reason: "no matching signature" };
}

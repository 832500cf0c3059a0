import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** Opaque refresh token (GoTrue's are short random strings; the client never parses them). */
export function refreshToken(): string {
  return randomBytes(16).toString("base64url");
}

/** The 6-digit code mailed beside the link ({{ .Token }} in templates). */
export function otpCode(length = 6): string {
  return Array.from({ length }, () => randomInt(10)).join("");
}

/** GoTrue's token hash: hex SHA-224 of email + OTP; PKCE flows prefix it with "pkce_". */
export function tokenHash(email: string, otp: string, pkce = false): string {
  const hash = createHash("sha224")
    .update(email + otp)
    .digest("hex");
  return pkce ? `pkce_${hash}` : hash;
}

/** S256 code challenge: unpadded base64url SHA-256 of the verifier (RFC 7636). */
export function codeChallengeS256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

export function pkceMatches(method: string, challenge: string, verifier: string): boolean {
  const expected = method === "plain" ? verifier : codeChallengeS256(verifier);
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

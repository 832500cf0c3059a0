import { createHash, randomBytes } from "node:crypto";
import { site } from "@/lib/site";

/**
 * The private calendar feed's secret: 32 random bytes, base64url (43 characters), so it fits in a URL
 * as it is. Only its SHA-256 is stored, so the database cannot give the link back: it is shown once,
 * when made, and a new one replaces it.
 */
export function newFeedToken(): string {
  return randomBytes(32).toString("base64url");
}

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a token (hex SHA-256), or null for anything not shaped like one. */
export function feedTokenHash(token: string): string | null {
  return tokenShape.test(token) ? createHash("sha256").update(token).digest("hex") : null;
}

/** The feed's path: the token and the .ics ending some calendar apps look for. */
export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

/** The two ways to subscribe: https to paste into a calendar app, webcal:// to open one directly. */
export function feedUrls(token: string): { https: string; webcal: string } {
  const https = `${site.url}${feedPath(token)}`;
  return { https, webcal: https.replace(/^https?:\/\//, "webcal://") };
}

/** The token in a feed path's last part ("<token>.ics"), or null. */
export function tokenFromFile(file: string): string | null {
  const token = file.endsWith(".ics") ? file.slice(0, -4) : file;
  return tokenShape.test(token) ? token : null;
}

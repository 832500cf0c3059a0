/** A fixed origin to resolve `next` against; never a real host, so nothing can match it by accident. */
const SITE = "http://same-site.invalid";

/**
 * The post-auth destination from an untrusted `next` value: a same-origin path, or `fallback`.
 *
 * The decision is made on the parsed, normalised URL, not on the raw text: `/.//evil`, `/%2e//evil` and
 * `/a/..//evil` all look like paths but normalise to `//evil`, which a browser reads as another host.
 * So the value is resolved against a fixed origin, and the path it normalises to must itself resolve
 * to that origin again (what the browser does with the Location header we send).
 */
export function safeNext(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  // Only paths. Backslashes (read as slashes) and control characters (tabs and newlines are dropped by
  // URL parsers) are never part of a path we link to, so they are refused rather than normalised.
  if (!value.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE || url.username || url.password) return fallback;
  // Encoded slashes or backslashes could turn into `//` after one more decoding step somewhere.
  if (url.pathname.startsWith("//") || /%(25)*(2f|5c)/i.test(url.pathname)) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return new URL(path, SITE).origin === SITE ? path : fallback;
}

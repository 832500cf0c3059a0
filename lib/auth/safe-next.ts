/**
 * The post-auth destination from an untrusted `next` value. Only same-site relative paths pass:
 * one leading slash followed by something that is not a second slash or a backslash (browsers treat
 * `//host` and `/\host` as another origin), with no control characters, no backslashes anywhere,
 * and nothing that resolves to another origin. Anything else gives `fallback`.
 */
export function safeNext(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  // Backslashes, control characters (incl. tab/newline, which URL parsers strip) and encoded slashes
  // at the start are how open-redirect filters usually get bypassed.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  if (/^\/(%2f|%5c)/i.test(value)) return fallback;
  try {
    const base = "http://same-site.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

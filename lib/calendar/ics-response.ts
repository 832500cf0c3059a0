import { createHash } from "node:crypto";

/**
 * An .ics answer phones and calendar apps open: text/calendar with a file name. `cacheSeconds` lets a
 * calendar app's polling be answered from caches and with 304s (the ETag is the file's hash); without it
 * the answer is not stored anywhere.
 */
export function icsResponse(
  request: Request,
  ics: string,
  { filename, cacheSeconds }: { filename: string; cacheSeconds?: number },
): Response {
  const etag = `"${createHash("sha256").update(ics).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers({
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    // Private either way: the file is one athlete's. A shared cache must never keep it.
    "Cache-Control": cacheSeconds ? `private, max-age=${cacheSeconds}` : "private, no-store",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
  });
  const seen = request.headers.get("if-none-match");
  if (cacheSeconds && seen && seen.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(ics, { headers });
}

/** "Hinterland Hammers!" → "hinterland-hammers": a file name every phone accepts. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "team";
}

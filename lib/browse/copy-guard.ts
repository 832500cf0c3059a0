import { NextResponse, type NextRequest } from "next/server";

/**
 * /browse's shared copies live under /browse-copy (./shared-copy.ts), reached only by the proxy's rewrite.
 * Any spelling of that prefix Next would route there counts: its case is kept, but encoded characters
 * are decoded first.
 */
export function isSharedCopyPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape routes nowhere; the raw path is checked as it is.
  }
  return path === "/browse-copy" || path.startsWith("/browse-copy/");
}

/** The site's 404 page, uncached, for a request that names a shared copy itself. */
export function sharedCopyNotFound(request: NextRequest): NextResponse {
  const response = NextResponse.rewrite(new URL("/_not-found", request.url));
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

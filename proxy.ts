import { NextResponse, type NextRequest } from "next/server";
import { bodyTooLarge } from "@/lib/http/body-limit";
import { isSharedCopyPath, sharedCopyNotFound } from "@/lib/browse/copy-guard";
import { updateSession } from "@/lib/auth/proxy";

export async function proxy(request: NextRequest) {
  // Over the size limit: 413 with a clear message, before a server action would fail with a 500.
  const tooLarge = await bodyTooLarge(request);
  if (tooLarge) return tooLarge;
  // RFC 8058: mail clients POST one-click unsubscribes to the URL of the page; its route handler answers.
  if (
    request.method === "POST" &&
    request.nextUrl.pathname === "/unsubscribe" &&
    !request.headers.has("next-action")
  ) {
    return NextResponse.rewrite(new URL(`/api/unsubscribe${request.nextUrl.search}`, request.url));
  }
  // /browse-copy/… is only ever the target of the proxy's own rewrite of /browse (a rewrite does not pass
  // through here again), so a request naming it is made up: not found, and never rendered into the cache.
  if (isSharedCopyPath(request.nextUrl.pathname)) return sharedCopyNotFound(request);
  return updateSession(request);
}

export const config = {
  matcher: [
    // Every page and action, but not build assets, image optimisation, metadata routes (social cards,
    // icons, robots, sitemap, manifest), the service worker or static files: they never depend on the session.
    // Every name under /browse-copy, whatever it ends in (see above).
    "/browse-copy/:path*",
    "/((?!_next/static|_next/image|(?:.*/)?(?:opengraph-image|twitter-image|icon|apple-icon)(?:-[\\w-]+)?$|favicon\\.ico$|robots\\.txt$|sw\\.js$|sitemap(?:/.*)?\\.xml$|manifest\\.webmanifest$|.*\\.(?:svg|png|jpg|jpeg|gif|webp|avif|ico|woff2?|txt|xml)$).*)",
  ],
};

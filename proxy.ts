import { NextResponse, type NextRequest } from "next/server";
import { bodyTooLarge } from "@/lib/http/body-limit";
import { isSharedCopyPath, sharedCopyNotFound } from "@/lib/browse/copy-guard";
import { updateSession } from "@/lib/auth/proxy";
import { shedWhenBusy } from "@/lib/shedding/shed";

export async function proxy(request: NextRequest) {
  // Over the size limit: 413 with a clear message, before a server action would fail with a 500.
  const tooLarge = await bodyTooLarge(request);
  if (tooLarge) return tooLarge;
  // The database's queue past its limit: 503 + Retry-After at once for work that needs it (lib/shedding/shed.ts).
  const busy = shedWhenBusy(request);
  if (busy) return busy;
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

// Who the proxy runs for. Next reads this object as written (literals only), so the pieces are spelt out in
// each source; lib/auth/proxy-matcher.test.ts runs it through Next's own matcher against a table of requests.
// Never: build assets, image optimisation, metadata routes (social cards, icons, robots, sitemap, manifest),
// the service worker or static files. Pages that are the same for everyone (the home page, landing and
// static pages, public profiles), and a team's shared page for a visitor without a session cookie, skip it:
// a prerendered page that needs no session pays for none. The top bar learns the session in the browser
// (components/layout/auth-nav.tsx). /sessions and a session's page are rendered per request from the
// database, so the proxy keeps them for everyone: its load shedding (lib/shedding/shed.ts) guards them.
export const config = {
  matcher: [
    // Every name under /browse-copy, whatever it ends in (see above).
    "/browse-copy/:path*",
    // Always: protected routes (sign-in redirects), /browse (its shared copies), team routes, sign-in,
    // route handlers, the unsubscribe page; every page not named as needing no session below.
    "/((?!_next/static|_next/image|(?:.*/)?(?:opengraph-image|twitter-image|icon|apple-icon)(?:-[\\w-]+)?$|favicon\\.ico$|robots\\.txt$|sw\\.js$|sitemap(?:/.*)?\\.xml$|manifest\\.webmanifest$|.*\\.(?:svg|png|jpg|jpeg|gif|webp|avif|ico|woff2?|txt|xml)$|(?:(?!(?:dashboard|profile|edit-profile|messages|settings|teams|browse|browse-copy|auth|account|api|moderation|unsubscribe|create-profile|sessions)$)[^/]*|profile/[^/]+|teams/[0-9a-fA-F-]{36})$).*)",
    // A team's page when the browser holds a session cookie (whole or chunked, as
    // lib/supabase/session-cookie.ts): rewritten for its viewer, their token refreshed.
    {
      source: "/teams/([0-9a-fA-F-]{36})",
      has: [{ type: "header", key: "cookie", value: "(?:.*;\\s*)?sb-[^=;\\s]+-auth-token(?:\\.0)?=.*" }],
    },
    // Any request with a body, to any page (a server action posted to a static page, RFC 8058's POST):
    // the body limit, and a refreshed session for the action. A body is framed by one of these headers.
    {
      source:
        "/((?!_next/static|_next/image|(?:.*/)?(?:opengraph-image|twitter-image|icon|apple-icon)(?:-[\\w-]+)?$|favicon\\.ico$|robots\\.txt$|sw\\.js$|sitemap(?:/.*)?\\.xml$|manifest\\.webmanifest$|.*\\.(?:svg|png|jpg|jpeg|gif|webp|avif|ico|woff2?|txt|xml)$).*)",
      has: [{ type: "header", key: "content-length" }],
    },
    {
      source:
        "/((?!_next/static|_next/image|(?:.*/)?(?:opengraph-image|twitter-image|icon|apple-icon)(?:-[\\w-]+)?$|favicon\\.ico$|robots\\.txt$|sw\\.js$|sitemap(?:/.*)?\\.xml$|manifest\\.webmanifest$|.*\\.(?:svg|png|jpg|jpeg|gif|webp|avif|ico|woff2?|txt|xml)$).*)",
      has: [{ type: "header", key: "transfer-encoding" }],
    },
    {
      source:
        "/((?!_next/static|_next/image|(?:.*/)?(?:opengraph-image|twitter-image|icon|apple-icon)(?:-[\\w-]+)?$|favicon\\.ico$|robots\\.txt$|sw\\.js$|sitemap(?:/.*)?\\.xml$|manifest\\.webmanifest$|.*\\.(?:svg|png|jpg|jpeg|gif|webp|avif|ico|woff2?|txt|xml)$).*)",
      has: [{ type: "header", key: "content-type" }],
    },
  ],
};

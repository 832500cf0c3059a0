import { NextResponse, type NextRequest } from "next/server";
import { clientIp } from "@/lib/http/client-ip";
import { isProtectedPath, signInRedirectPath, teamViewerPath } from "@/lib/auth/protected-routes";
import { sharedBrowsePath } from "@/lib/browse/shared-copy";
import { readBrowseViewer } from "@/lib/data/browse-viewer";
import type { Claims } from "@/lib/db";
import type { Specialty } from "@/lib/labels";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";
import { visitorAuthClient } from "@/lib/supabase/auth-client";
import { isHttps } from "@/lib/supabase/cookie-options";
import { signingKeys } from "@/lib/supabase/signing-keys";
import { rememberedClaims, verifiedClaims } from "@/lib/supabase/verified-claims";

/**
 * Refreshes the session cookie on every matched request and sends visitors away from protected
 * routes. This is a convenience, not the security boundary: pages, actions and RLS check again.
 */
export async function updateSession(request: NextRequest) {
  // A visitor without a session cookie has nothing to refresh: skip building a Supabase client on every
  // public page view (most traffic comes from search to static pages).
  if (!hasSessionCookie(request.headers.get("cookie") ?? "")) {
    const { pathname, search } = request.nextUrl;
    return isProtectedPath(pathname)
      ? signInRedirect(request, signInRedirectPath(pathname, search))
      : (sharedBrowse(request, null) ?? NextResponse.next());
  }

  // Auth's keys, kept by this process (lib/supabase/signing-keys.ts): a valid session verifies even with Auth down.
  const jwks = await signingKeys();
  // Request headers are only handed on (`{ request }`) when a refresh changes the cookies (setAll).
  let response = NextResponse.next();

  // supabase-js reads the session, refreshing an expiring token.
  const readSession = () => {
    // Token refreshes are rate-limited per address too, so they name the visitor (lib/supabase/forwarding.ts).
    const visitor = { ip: clientIp(request.headers), https: isHttps(request.headers, request.url) };
    const auth = visitorAuthClient(
      {
        getAll() {
          return request.cookies.getAll();
        },
        setAll(cookiesToSet, headers) {
          for (const { name, value } of cookiesToSet) request.cookies.set(name, value);
          response = NextResponse.next({ request });
          for (const { name, value, options } of cookiesToSet) response.cookies.set(name, value, options);
          for (const [name, value] of Object.entries(headers ?? {})) response.headers.set(name, value);
        },
      },
      visitor,
    );
    // Nothing may run between creating the client and getClaims(): it is what refreshes an expiring
    // token, and anything in between could act on a stale session.
    // (The signature is checked once per token and key set: lib/supabase/verified-claims.ts.)
    return verifiedClaims(auth, jwks);
  };

  // A session whose token this process verified, not near expiry, reads unchanged: no client to build
  // (lib/supabase/verified-claims.ts).
  const claims = rememberedClaims(request.cookies.getAll(), jwks) ?? (await readSession());
  const signedIn = Boolean(claims?.sub);

  const { pathname, search } = request.nextUrl;
  if (!signedIn && isProtectedPath(pathname)) {
    const redirect = signInRedirect(request, signInRedirectPath(pathname, search));
    // Keep any cookie changes (e.g. a cleared, invalid session) on the redirect as well.
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
    return redirect;
  }
  // A team's page is one cached copy for visitors (docs/product.md#public-team-pages); a signed-in viewer is shown the same URL
  // rendered for them, with their own controls, so nothing personal ever enters the shared copy.
  const viewerPath = signedIn ? teamViewerPath(pathname) : null;
  const rewrite = viewerPath
    ? NextResponse.rewrite(new URL(`${viewerPath}${search}`, request.url), { request })
    : claims?.sub
      ? await athleteBrowse(request, claims)
      : sharedBrowse(request, null);
  if (rewrite) {
    for (const cookie of response.cookies.getAll()) rewrite.cookies.set(cookie);
    response.headers.forEach((value, name) => {
      if (!rewrite.headers.has(name)) rewrite.headers.set(name, value);
    });
    return rewrite;
  }
  return response;
}

const isBrowseRead = ({ method, nextUrl }: NextRequest) =>
  nextUrl.pathname === "/browse" && (method === "GET" || method === "HEAD");

/** /browse as the shared copy for its filters and the viewer's leg (lib/browse/shared-copy.ts). */
function sharedBrowse(request: NextRequest, leg: Specialty | null): NextResponse | null {
  if (!isBrowseRead(request)) return null;
  const { searchParams, search } = request.nextUrl;
  return NextResponse.rewrite(new URL(`${sharedBrowsePath(searchParams, leg)}${search}`, request.url));
}

/**
 * A signed-in athlete's /browse is the shared copy too, for their leg ("Needs my specialty" filters by it),
 * unless a block either way hides cards the copy shows. Then, or when the database cannot say, the page
 * is rendered for them (app/(public)/browse), as before.
 */
async function athleteBrowse(request: NextRequest, claims: Claims): Promise<NextResponse | null> {
  if (!isBrowseRead(request)) return null;
  const viewer = await readBrowseViewer(claims).catch(() => null);
  return viewer && !viewer.blocks ? sharedBrowse(request, viewer.leg) : null;
}

function signInRedirect(request: NextRequest, path: string) {
  const redirect = NextResponse.redirect(new URL(path, request.url));
  redirect.headers.set("Cache-Control", "private, no-store");
  return redirect;
}

import { NextResponse, type NextRequest } from "next/server";
import { clientIp } from "@/lib/auth/client-ip";
import { isProtectedPath, signInRedirectPath, teamViewerPath } from "@/lib/auth/protected-routes";
import { visitorBrowsePath } from "@/lib/browse/visitor-view";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";
import { visitorAuthClient } from "./auth-client";
import { isHttps } from "./cookie-options";
import { signingKeys } from "./signing-keys";
import { rememberedClaims, verifiedClaims } from "./verified-claims";

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
      : (visitorBrowse(request) ?? NextResponse.next());
  }

  // Auth's keys, kept by this process (./signing-keys.ts): a valid session verifies even with Auth down.
  const jwks = await signingKeys();
  // Request headers are only handed on (`{ request }`) when a refresh changes the cookies (setAll).
  let response = NextResponse.next();

  // supabase-js reads the session, refreshing an expiring token.
  const readSession = () => {
    // Token refreshes are rate-limited per address too, so they name the visitor (./forwarding.ts).
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
    // (The signature is checked once per token and key set: ./verified-claims.ts.)
    return verifiedClaims(auth, jwks);
  };

  // A session whose token this process verified, not near expiry, reads unchanged: no client to build
  // (./verified-claims.ts).
  const signedIn = Boolean((rememberedClaims(request.cookies.getAll(), jwks) ?? (await readSession()))?.sub);

  const { pathname, search } = request.nextUrl;
  if (!signedIn && isProtectedPath(pathname)) {
    const redirect = signInRedirect(request, signInRedirectPath(pathname, search));
    // Keep any cookie changes (e.g. a cleared, invalid session) on the redirect as well.
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
    return redirect;
  }
  // A team's page is one cached copy for visitors (issue 20); a signed-in viewer is shown the same URL
  // rendered for them, with their own controls, so nothing personal ever enters the shared copy.
  const viewerPath = signedIn ? teamViewerPath(pathname) : null;
  const rewrite = viewerPath
    ? NextResponse.rewrite(new URL(`${viewerPath}${search}`, request.url), { request })
    : signedIn
      ? null
      : visitorBrowse(request);
  if (rewrite) {
    for (const cookie of response.cookies.getAll()) rewrite.cookies.set(cookie);
    response.headers.forEach((value, name) => {
      if (!rewrite.headers.has(name)) rewrite.headers.set(name, value);
    });
    return rewrite;
  }
  return response;
}

/** A visitor's /browse is the shared copy for their filters (lib/browse/visitor-view.ts), as a team's page is. */
function visitorBrowse(request: NextRequest): NextResponse | null {
  const { pathname, searchParams, search } = request.nextUrl;
  if (pathname !== "/browse" || (request.method !== "GET" && request.method !== "HEAD")) return null;
  return NextResponse.rewrite(new URL(`${visitorBrowsePath(searchParams)}${search}`, request.url));
}

function signInRedirect(request: NextRequest, path: string) {
  const redirect = NextResponse.redirect(new URL(path, request.url));
  redirect.headers.set("Cache-Control", "private, no-store");
  return redirect;
}

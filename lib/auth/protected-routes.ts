/**
 * Routes only a signed-in user may open (docs/product.md#routes), plus the standalone password
 * page. `/profile/{id}` is a public profile, so only the exact `/profile` is protected.
 */
const exact = new Set([
  "/dashboard",
  "/profile",
  "/edit-profile",
  "/messages",
  "/settings",
  "/account/update-password",
  "/sessions/new",
]);
const prefixes = ["/teams", "/messages"];

// A team's own page, /teams/{uuid}, is public (docs/product.md#public-team-pages): an open team's page is shareable; its edit, join
// and viewer pages below it stay protected.
const publicTeamPage = /^\/teams\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function isProtectedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (exact.has(path)) return true;
  if (publicTeamPage.test(path)) return false;
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

// A shared "ask to join" or "message this athlete" link: the visitor is most likely new here.
const askPath = /^\/(teams\/[^/]+\/join|messages\/start\/[^/]+)\/?$/;

/**
 * Where a visitor is sent: the sign-in page, with the page they wanted as `next`; the sign-up view when
 * that page asks a team or an athlete something (it links to sign-in).
 */
export function signInRedirectPath(pathname: string, search: string): string {
  const next = encodeURIComponent(`${pathname}${search}`);
  return askPath.test(pathname) ? `/auth?view=sign_up&next=${next}` : `/auth?next=${next}`;
}

/**
 * The page a signed-in viewer of /teams/{id} is shown instead of the shared, cached copy: the same team with
 * their own controls (Accept/Decline, pending requests, Leave, Athletes who fit), rendered for them. Null for
 * any other path.
 */
export function teamViewerPath(pathname: string): string | null {
  // Any single segment but /teams/create: a malformed id gets the viewer page's "Error loading team".
  const match = /^\/teams\/(?!create$)([^/]+)$/.exec(
    pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname,
  );
  return match ? `/teams/${match[1]}/viewer` : null;
}

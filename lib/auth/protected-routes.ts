/**
 * Routes only a signed-in user may open (spec §2, protected layout), plus the standalone password
 * page. `/profile/{id}` is a public profile, so only the exact `/profile` is protected.
 */
const exact = new Set([
  "/dashboard",
  "/profile",
  "/edit-profile",
  "/messages",
  "/settings",
  "/account/update-password",
]);
const prefixes = ["/teams"];

export function isProtectedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (exact.has(path)) return true;
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Where a visitor is sent: the sign-in page, with the page they wanted as `next`. */
export function signInRedirectPath(pathname: string, search: string): string {
  return `/auth?next=${encodeURIComponent(`${pathname}${search}`)}`;
}

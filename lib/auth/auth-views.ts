/** The views of the /auth page (docs/product.md#auth), switched by links and by `?view=`. */
export const authViews = [
  "sign_in",
  "sign_up",
  "forgotten_password",
  "magic_link",
  "update_password",
  "verify_otp",
] as const;
export type AuthView = (typeof authViews)[number];

export function parseAuthView(value: unknown): AuthView {
  return authViews.includes(value as AuthView) ? (value as AuthView) : "sign_in";
}

/** Link to another view, keeping where the person wanted to go. */
export function authViewHref(view: AuthView, next?: string): string {
  const params = new URLSearchParams();
  if (view !== "sign_in") params.set("view", view);
  if (next && next !== "/dashboard") params.set("next", next);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

export const authViewTitles: Record<AuthView, string> = {
  sign_in: "Sign in",
  sign_up: "Create your account",
  forgotten_password: "Reset your password",
  magic_link: "Sign in with a magic link",
  update_password: "Choose a new password",
  verify_otp: "Enter your code",
};

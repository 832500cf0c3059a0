import { type NextRequest, NextResponse } from "next/server";
import { authRedirectOrigin } from "@/lib/auth/redirect-origin";
import { safeNext } from "@/lib/auth/safe-next";
import { refuseSuspendedSignIn } from "@/lib/auth/suspended-sign-in";
import { createProfileThen, type IntentPath } from "@/lib/intent/paths";
import { site } from "@/lib/site";
import { createAuthClient } from "@/lib/supabase/server";

/**
 * Where "Continue with Google / Apple" comes back (Supabase Auth's redirect_to): `?code=` is exchanged for
 * the session with the PKCE verifier this browser kept (@supabase/ssr), then on to create-profile, which
 * sends an athlete who already has a profile straight on to `next`. Auth's error redirect
 * (error, error_code) goes back to sign-in with a reason; the URL's own text is never shown.
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const next = safeNext(params.get("next"));
  const origin = authRedirectOrigin(request.headers, site.url);
  const back = (reason: string) => {
    const to = new URL("/auth", origin);
    to.searchParams.set("view", "sign_in");
    to.searchParams.set("next", next);
    to.searchParams.set("provider_error", reason);
    return NextResponse.redirect(to, 303);
  };
  const code = params.get("code");
  const error = params.get("error_code") || params.get("error");
  if (error || !code)
    return back(
      error === "provider_email_needs_verification" || error === "access_denied" ? error : "failed",
    );

  const auth = await createAuthClient();
  const { error: exchange } = await auth.exchangeCodeForSession(code);
  if (exchange) {
    console.warn("auth callback failed", {
      action: "auth.callback",
      code: exchange.code,
      status: exchange.status,
    });
    return back("failed");
  }
  const suspended = await refuseSuspendedSignIn(auth);
  if (suspended) return back("suspended");
  // A new athlete has no profile yet; create-profile passes everyone else on to `next` at once.
  const then = next.startsWith("/create-profile") ? next : createProfileThen(next as IntentPath);
  return NextResponse.redirect(new URL(then, origin), 303);
}

import "server-only";
import type { SupabaseClient } from "@supabase/supabase-js";
import { withRls, type Claims } from "@/lib/db";
import { isSuspended } from "@/lib/data/reports";
import { suspendedSignInMessage } from "@/lib/moderation/suspension";

/**
 * After a successful sign-in (password, code or e-mail link): a suspended account is signed out again at
 * once and told why. The database refuses its writes in any case (the refuse_suspended trigger); this
 * makes signing in say so instead of letting the athlete find out at their first send. Only this new
 * session ends (scope "local"), as a sign-out from this browser would.
 */
export async function refuseSuspendedSignIn(
  auth: Pick<SupabaseClient["auth"], "getClaims" | "signOut">,
): Promise<{ ok: false; error: string } | null> {
  const { data } = await auth.getClaims();
  const claims = data?.claims as Claims | undefined;
  if (!claims?.sub) return null;
  if (!(await withRls(claims, isSuspended))) return null;
  await auth.signOut({ scope: "local" });
  return { ok: false, error: suspendedSignInMessage };
}

"use server";

import { revalidateTag } from "next/cache";
import { redirect } from "next/navigation";
import { getClaims } from "@/lib/auth/session";
import { deleteMyAccountData } from "@/lib/data/my-data";
import { publicTeamsTag } from "@/lib/data/public-teams";
import { withRls } from "@/lib/db";
import { deleteAuthUser } from "@/lib/supabase/admin";
import { createClient } from "@/lib/supabase/server";
import { deleteAccountSchema } from "@/lib/validation/account";

export type DeleteAccountState = { error: string; fieldError?: string; value: string } | null;

const failure = "Sorry, we couldn't delete your account just now. Please try again.";

/**
 * Settings → Delete my account. The database part is one SQL function in one transaction (profile,
 * memberships and sent messages go; a team the account created is closed and its members told); then the
 * Auth user is removed through the admin API, the session cookies are cleared and the browser goes to
 * /account-deleted. Pressing again is safe: the function finds nothing left, and an Auth user already gone
 * counts as removed. A form action, so it works before the page's script has run.
 */
export async function deleteMyAccount(
  _previous: DeleteAccountState,
  form: FormData,
): Promise<DeleteAccountState> {
  const raw = form.get("confirm");
  const value = typeof raw === "string" ? raw.slice(0, 100) : "";
  const parsed = deleteAccountSchema.safeParse({ confirm: value });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? failure;
    return { error: message, fieldError: message, value };
  }
  const claims = await getClaims();
  if (!claims) redirect("/auth?next=/settings");
  try {
    await withRls(claims, (tx) => deleteMyAccountData(tx));
    // The profile and a team it created leave the cached public pages and /browse lists at once.
    revalidateTag("public-profiles", { expire: 0 });
    revalidateTag(publicTeamsTag, { expire: 0 });
    await deleteAuthUser(claims.sub);
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    console.error("account deletion failed", {
      action: "account.delete",
      userId: claims.sub,
      code,
      reason: error instanceof Error ? error.message : String(error),
    });
    // 42501: the session ended (signed out elsewhere, or the account is already deleted).
    return {
      error:
        code === "42501" ? "Your session has ended. Please sign in again to delete your account." : failure,
      value,
    };
  }
  // The Auth user and its sessions are gone; signOut still clears this browser's cookies (Auth's "not found"
  // answer is ignored by the client for exactly this case).
  const supabase = await createClient();
  await supabase.auth.signOut({ scope: "local" });
  redirect("/account-deleted");
}

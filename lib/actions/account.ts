"use server";

import { redirect } from "next/navigation";
import { formAction } from "@/lib/server-action/define-action";
import { deleteMyAccountData } from "@/lib/data/my-data";
import { refreshPublicSurfaces } from "@/lib/data/public-cache";
import { removeOtherPhotos } from "@/lib/photos/store";
import { deleteAuthUser } from "@/lib/supabase/admin";
import { createClient } from "@/lib/supabase/server";
import { deleteAccountSchema } from "@/lib/validation/account";

const failure = "Sorry, we couldn't delete your account just now. Please try again.";

/** What was typed in the confirmation box (React resets the form after its action; it is shown again). */
const typed = (form: FormData) => {
  const raw = form.get("confirm");
  return { confirm: typeof raw === "string" ? raw.slice(0, 100) : "" };
};

/**
 * Settings → Delete my account. The database part is one SQL function in one transaction (profile,
 * memberships and sent messages go; a team the account created is closed and its members told); then the
 * Auth user is removed through the admin API, the session cookies are cleared and the browser goes to
 * /account-deleted. Pressing again is safe: the function finds nothing left, and an Auth user already gone
 * counts as removed. A form action, so it works before the page's script has run.
 */
export const deleteMyAccountAction = formAction(
  {
    name: "account.delete",
    fallback: failure,
    signInRedirect: "/auth?next=/settings",
    read: typed,
    input: { schema: deleteAccountSchema, fields: true, error: (e) => e.issues[0]?.message ?? failure },
    echo: (values) => ({ value: (values as { confirm: string }).confirm }),
    // 42501: the session ended (signed out elsewhere, or the account is already deleted).
    errors: [
      {
        when: { code: "42501" },
        fail: { error: "Your session has ended. Please sign in again to delete your account." },
      },
    ],
  },
  async ({ claims, db }) => {
    await db((tx) => deleteMyAccountData(tx));
    // The profile, its memberships and a team it created leave every cached public surface at once.
    refreshPublicSurfaces();
    // The photo's objects, as the athlete (their own folder), before the Auth user: hosted refuses to delete
    // a user who still owns Storage objects. A failure stops here; pressing again finds the rows gone and
    // retries the objects.
    const supabase = await createClient();
    await removeOtherPhotos(supabase, claims.sub, null);
    await deleteAuthUser(claims.sub);
    // The Auth user and its sessions are gone; signOut still clears this browser's cookies (Auth's "not
    // found" answer is ignored by the client for exactly this case).
    await supabase.auth.signOut({ scope: "local" });
    redirect("/account-deleted");
  },
);

export type DeleteAccountState = Awaited<ReturnType<typeof deleteMyAccountAction>> | null;

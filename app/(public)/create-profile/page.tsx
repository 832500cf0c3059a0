import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageIntro } from "@/components/layout/page-intro";
import { ProfileForm } from "@/components/profile/profile-form";
import { Card } from "@/components/ui/card";
import { safeNext } from "@/lib/auth/safe-next";
import { providerProfileStart } from "@/lib/auth/provider-profile";
import { getClaims } from "@/lib/auth/session";
import { getMyProfile } from "@/lib/auth/my-profile";
import { joinContext } from "@/lib/intent/join-context";
import { providerPicturePreview } from "@/lib/photos/provider-picture-import";
import { pageMetadata } from "@/lib/seo/metadata";
import { createClient } from "@/lib/supabase/server";
import { emptyProfileInput } from "@/lib/validation/profile";
import { createProfileAction } from "./actions";

export const metadata: Metadata = pageMetadata({
  title: "Create Your Athlete Profile",
  description:
    "Tell other triathletes around Noosa what leg you race, your level and your goals, and find a relay team.",
  path: "/create-profile",
  noindex: true,
});

/** Create profile (docs/product.md#profiles): a signed-in user without a profile; others are sent on. */
export default async function CreateProfilePage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  // Where a remembered join or message continues once the profile exists (docs/product.md#auth); same-site paths only.
  const next = safeNext((await searchParams).next, "") || undefined;
  const here = next ? `/create-profile?next=${encodeURIComponent(next)}` : "/create-profile";
  // A failed auth check counts as signed out (spec: redirect to /auth).
  const claims = await getClaims().catch(() => null);
  if (!claims) redirect(`/auth?next=${encodeURIComponent(here)}`);
  if (await getMyProfile()) redirect(next ?? "/profile");
  // On the way to a join request: say which team and leg, and start on that leg (it can be changed).
  const context = await joinContext(next);
  // Signed up through Google or Apple: their name, and a username made from it (both editable).
  const fromProvider = providerProfileStart(claims.user_metadata as Record<string, unknown> | undefined);
  // Their picture too, offered but not taken unless the box is ticked (Apple sends none: nothing is said).
  const picture = await providerPicturePreview(await createClient()).catch(() => null);
  const defaults = {
    ...emptyProfileInput,
    ...(fromProvider.full_name ? fromProvider : {}),
    ...(context?.role ? { specialty: context.role } : {}),
  };

  return (
    <>
      <PageIntro eyebrow="Step 2: Create Profile" title="Create Your Athlete Profile">
        {context ? (
          <p className="[overflow-wrap:anywhere]">
            Then one press sends your request to <strong>{context.teamName}</strong>
            {context.roleWord ? ` as their ${context.roleWord}` : ""}.
          </p>
        ) : (
          <p>Tell other athletes which leg you race and what you&apos;re aiming for. It takes two minutes.</p>
        )}
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <Card>
          <ProfileForm
            mode="create"
            defaultValues={defaults}
            action={createProfileAction}
            next={next}
            providerPicture={picture ?? undefined}
          />
        </Card>
      </div>
    </>
  );
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageIntro } from "@/components/layout/page-intro";
import { OwnProfile } from "@/components/profile/own-profile";
import { requireUser } from "@/lib/auth/session";
import { getMyProfile } from "@/lib/auth/my-profile";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Your Profile",
  description: "Your athlete profile: specialty, experience, location, goals and visibility.",
  path: "/profile",
  noindex: true,
});

/** Profile (docs/product.md#profiles): read-only; no profile yet → /create-profile. */
export default async function ProfilePage() {
  await requireUser("/profile");
  const profile = await getMyProfile();
  if (!profile) redirect("/create-profile");

  return (
    <>
      <PageIntro eyebrow="Profile" title="Your Profile">
        <p>This is how other athletes see you when your profile is public.</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <OwnProfile profile={profile} />
      </div>
    </>
  );
}

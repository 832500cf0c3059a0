import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageIntro } from "@/components/layout/page-intro";
import { ProfileForm } from "@/components/profile/profile-form";
import { profileToFormValues } from "@/components/profile/profile-values";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/session";
import { getMyProfile } from "@/lib/data/my-profile";
import { pageMetadata } from "@/lib/seo/metadata";
import { updateProfile } from "./actions";

export const metadata: Metadata = pageMetadata({
  title: "Edit Profile",
  description: "Update your athlete profile.",
  path: "/edit-profile",
  noindex: true,
});

/** Edit profile (docs/product.md#profiles): the form prefilled with the user's own profile. */
export default async function EditProfilePage() {
  await requireUser("/edit-profile");
  const profile = await getMyProfile();
  if (!profile) redirect("/create-profile");

  return (
    <>
      <PageIntro eyebrow="Profile" title="Edit Profile">
        <p>Changes show on your public profile as soon as you save.</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Card>
          <ProfileForm
            mode="edit"
            defaultValues={profileToFormValues(profile)}
            action={updateProfile.bind(null, profile.id)}
          />
        </Card>
      </div>
    </>
  );
}

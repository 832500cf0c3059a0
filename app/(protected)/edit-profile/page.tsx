import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageIntro } from "@/components/layout/page-intro";
import { ProfileForm } from "@/components/profile/profile-form";
import { profileToFormValues } from "@/components/profile/profile-values";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/session";
import { getMyProfile } from "@/lib/auth/my-profile";
import { PhotoField } from "@/components/profile/photo-field";
import { signedFaceImage } from "@/lib/photos/urls";
import { pageMetadata } from "@/lib/seo/metadata";
import { updateProfileAction } from "./actions";

export const metadata: Metadata = pageMetadata({
  title: "Edit Profile",
  description: "Update your athlete profile.",
  path: "/edit-profile",
  noindex: true,
});

/** Edit profile (docs/product.md#profiles): the form prefilled with the user's own profile. */
export default async function EditProfilePage({ searchParams }: { searchParams: Promise<{ photo?: string }> }) {
  await requireUser("/edit-profile");
  const profile = await getMyProfile();
  if (!profile) redirect("/create-profile");
  const [photo, { photo: photoCode }] = await Promise.all([
    signedFaceImage(profile.photo_path, "large", "viewer"),
    searchParams,
  ]);
  // A form sent before the script ran comes back here with its outcome (app/api/profile-photo/route.ts).
  const photoOutcome = typeof photoCode === "string" ? { ok: photoCode === "saved" || photoCode === "removed", code: photoCode } : null;

  return (
    <>
      <PageIntro eyebrow="Profile" title="Edit Profile">
        <p>Changes show on your public profile as soon as you save.</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
        <Card id="photo">
          <PhotoField name={profile.full_name} image={photo} initial={photoOutcome} />
        </Card>
        <Card>
          <ProfileForm
            mode="edit"
            defaultValues={profileToFormValues(profile)}
            action={updateProfileAction.bind(null, profile.id)}
          />
        </Card>
      </div>
    </>
  );
}

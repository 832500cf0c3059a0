import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PublicProfile } from "@/components/profile/public-profile";
import { getPublicProfile } from "@/lib/data/profiles";
import { signedFaceImage } from "@/lib/photos/urls";
import { pageMetadata } from "@/lib/seo/metadata";
import { profileSummary } from "@/components/profile/profile-summary";

type Props = { params: Promise<{ id: string }> };

// Rendered on first request, then served from the cache (ISR). The owner's edit expires it at once
// (revalidateProfile); the hour is a backstop.
export const revalidate = 3600;
export const dynamicParams = true;
export async function generateStaticParams(): Promise<{ id: string }[]> {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const profile = await getPublicProfile(id);
  if (!profile) return { title: "Profile Not Found", robots: { index: false, follow: true } };
  return pageMetadata({
    title: `${profile.full_name} (@${profile.username})`,
    description: profileSummary(profile),
    path: `/profile/${profile.id}`,
  });
}

/** Public athlete profile (docs/product.md#profiles): public profiles only; anything else is a 404. */
export default async function PublicProfilePage({ params }: Props) {
  const { id } = await params;
  const profile = await getPublicProfile(id);
  if (!profile) notFound();
  // Signed as a visitor: this page is one cached copy for everyone (only a public athlete's photo signs).
  const photo = await signedFaceImage(profile.photo_path, "large", "visitor");
  return <PublicProfile profile={profile} photo={photo} />;
}

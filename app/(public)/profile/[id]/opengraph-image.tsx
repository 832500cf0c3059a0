import { getPublicProfile } from "@/lib/data/profiles";
import { initials } from "@/lib/initials";
import { visitorPhotoDataUrl } from "@/lib/photos/card-photo";
import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";
import { experienceLabels, specialtyLabels } from "@/lib/validation/profile";

export const size = ogSize;
export const contentType = ogContentType;
export const alt = "Athlete profile on Noosa Tri Teams";
export const revalidate = 3600;

/**
 * The 1200×630 card a shared profile link previews with: the athlete's face (their photo when every visitor
 * may see it, else initials), name, specialty, level and location. Expired with the profile's page
 * (revalidateProfile), so a photo changed, removed or made private leaves the card with it.
 */
export default async function ProfileCard({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const profile = await getPublicProfile(id);
  if (!profile)
    return ogCard({ title: "Athlete profile", subtitle: "This profile doesn't exist or is not public." });
  const place = profile.location.display_name || "Noosa, Queensland";
  const photo = await visitorPhotoDataUrl(profile.photo_path);
  return ogCard({
    face: { photo, initials: initials(profile.full_name) },
    eyebrow: `${experienceLabels[profile.experience_level]} ${specialtyLabels[profile.specialty]}`,
    title: profile.full_name,
    subtitle: `@${profile.username} · ${place}${profile.looking_for_team ? " · Looking for a relay team" : ""}`,
  });
}

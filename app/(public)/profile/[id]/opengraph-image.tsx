import { getPublicProfile } from "@/lib/data/profiles";
import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";
import { experienceLabels, specialtyLabels } from "@/lib/validation/profile";

export const size = ogSize;
export const contentType = ogContentType;
export const alt = "Athlete profile on Noosa Tri Teams";
export const revalidate = 3600;

/** The 1200×630 card a shared profile link previews with: name, specialty, level and location. */
export default async function ProfileCard({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const profile = await getPublicProfile(id);
  if (!profile)
    return ogCard({ title: "Athlete profile", subtitle: "This profile doesn't exist or is not public." });
  const place = profile.location.display_name || "Noosa, Queensland";
  return ogCard({
    eyebrow: `${experienceLabels[profile.experience_level]} ${specialtyLabels[profile.specialty]}`,
    title: profile.full_name,
    subtitle: `@${profile.username} · ${place}${profile.looking_for_team ? " · Looking for a relay team" : ""}`,
  });
}

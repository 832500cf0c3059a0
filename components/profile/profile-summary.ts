import type { Profile } from "@/lib/data/profiles";
import { experienceLabels, specialtyLabels } from "@/lib/validation/profile";

/** One line for meta descriptions and social cards: level, specialty, place, then the goals. */
export function profileSummary(profile: Profile, maxLength = 160): string {
  const place = profile.location.display_name ? ` from ${profile.location.display_name}` : "";
  const lead = `${experienceLabels[profile.experience_level]} ${specialtyLabels[profile.specialty].toLowerCase()}${place}`;
  const text = `${lead}${profile.looking_for_team ? ", looking for a Noosa relay team" : ""}. Goals: ${profile.goals}`;
  return Array.from(text).length > maxLength
    ? `${Array.from(text)
        .slice(0, maxLength - 1)
        .join("")
        .trimEnd()}…`
    : text;
}

import { Badge } from "@/components/ui/badge";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { Profile } from "@/lib/data/profiles";
import { experienceLabels, specialtyLabels } from "@/lib/validation/profile";
import { ProfileFacts } from "./profile-facts";

/** The owner's read-only view of their profile (docs/product.md#profiles). */
export function OwnProfile({ profile }: { profile: Profile }) {
  return (
    <Card className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-ocean-950 text-2xl font-bold wrap-anywhere">{profile.full_name}</h2>
          <p className="wrap-anywhere text-slate-700">@{profile.username}</p>
        </div>
        <ul className="flex flex-wrap gap-2" aria-label="Profile status">
          <li>
            <Badge tone={profile.is_public ? "success" : "neutral"}>
              {profile.is_public ? "Public" : "Private"}
            </Badge>
          </li>
          <li>
            <Badge tone={profile.looking_for_team ? "warning" : "neutral"}>
              {profile.looking_for_team ? "Looking for team" : "Not looking"}
            </Badge>
          </li>
        </ul>
      </div>
      <ProfileFacts
        facts={[
          { label: "Username", value: profile.username },
          { label: "Full name", value: profile.full_name },
          { label: "Location", value: profile.location.display_name },
          {
            label: "Visibility",
            value: profile.is_public ? "Public — anyone with the link can see it" : "Private — only you",
          },
          { label: "Looking for a team", value: profile.looking_for_team ? "Yes" : "No" },
          { label: "Open to training partners", value: profile.open_to_training ? "Yes" : "No" },
          { label: "Specialty", value: specialtyLabels[profile.specialty] },
          { label: "Experience level", value: experienceLabels[profile.experience_level] },
          { label: "Training preference", value: profile.training_preference },
          { label: "Goals", value: profile.goals, wide: true },
        ]}
      />
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6">
        <LinkButton href="/edit-profile">Edit Profile</LinkButton>
        <LinkButton href="/settings" variant="secondary">
          E-mail settings
        </LinkButton>
        {profile.is_public ? (
          <LinkButton href={`/profile/${profile.id}`} variant="secondary">
            View public profile
          </LinkButton>
        ) : null}
      </div>
    </Card>
  );
}

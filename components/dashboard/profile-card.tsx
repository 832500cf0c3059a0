import Link from "next/link";
import { AthletePhoto } from "@/components/ui/athlete-photo";
import { Badge } from "@/components/ui/badge";
import { signedFaceImage } from "@/lib/photos/urls";
import type { Profile } from "@/lib/data/profiles";
import { experienceLabels, specialtyLabels } from "@/lib/validation/profile";
import { cardLink, DashboardCard } from "./dashboard-card";

const orNotSet = (value: string | null | undefined) => value || "Not set";

/** Your Profile (docs/product.md#dashboard): specialty, experience, place (each "Not set" when empty) and the status badge. */
export async function ProfileCard({ profile }: { profile: Profile }) {
  const photo = await signedFaceImage(profile.photo_path, "small", "viewer");
  return (
    <DashboardCard id="profile" title="Your Profile">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          <AthletePhoto name={profile.full_name} image={photo} size="sm" />
          <p className="min-w-0 font-semibold wrap-anywhere text-slate-900">{profile.full_name}</p>
        </div>
        {profile.looking_for_team ? (
          <Badge tone="success">Looking for team</Badge>
        ) : (
          <Badge tone="neutral">Not looking</Badge>
        )}
      </div>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="font-semibold text-slate-600">Specialty</dt>
          <dd className="text-slate-900">{orNotSet(specialtyLabels[profile.specialty])}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="font-semibold text-slate-600">Experience</dt>
          <dd className="text-slate-900">{orNotSet(experienceLabels[profile.experience_level])}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="font-semibold text-slate-600">Location</dt>
          <dd className="min-w-0 truncate text-slate-900">{orNotSet(profile.location.display_name)}</dd>
        </div>
      </dl>
      <Link href="/edit-profile" className={`${cardLink} mt-auto pt-4`}>
        Edit Profile
      </Link>
    </DashboardCard>
  );
}

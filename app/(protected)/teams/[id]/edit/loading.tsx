import { ProfileSkeleton } from "@/components/profile/profile-skeleton";

export default function EditTeamLoading() {
  return <ProfileSkeleton />;
}

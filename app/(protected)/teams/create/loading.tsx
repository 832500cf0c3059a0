import { ProfileSkeleton } from "@/components/profile/profile-skeleton";

export default function CreateTeamLoading() {
  return <ProfileSkeleton />;
}

import { ProfileSkeleton } from "@/components/profile/profile-skeleton";

export default function EditProfileLoading() {
  return <ProfileSkeleton />;
}

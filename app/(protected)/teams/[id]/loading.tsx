import { TeamsSkeleton } from "@/components/teams/teams-skeleton";

export default function TeamLoading() {
  return <TeamsSkeleton cards={2} />;
}

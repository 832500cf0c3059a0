import { TeamsSkeleton } from "@/components/teams/teams-skeleton";

export default function TeamsLoading() {
  return <TeamsSkeleton />;
}

import type { Metadata } from "next";
import { ComingSoon } from "@/components/auth/coming-soon";

export const metadata: Metadata = { title: "Create a Team", robots: { index: false } };

export default function CreateTeamPage() {
  return <ComingSoon title="Create a Team" path="/teams/create" note="Creating a team is coming soon." />;
}

import type { Metadata } from "next";
import { ComingSoon } from "@/components/auth/coming-soon";

export const metadata: Metadata = { title: "Teams", robots: { index: false } };

export default function TeamsPage() {
  return <ComingSoon title="Teams" path="/teams" note="Managing and finding teams is coming soon." />;
}

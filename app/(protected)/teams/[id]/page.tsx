import type { Metadata } from "next";
import { ComingSoon } from "@/components/auth/coming-soon";

export const metadata: Metadata = { title: "Team", robots: { index: false } };

export default async function TeamPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <ComingSoon title="Team" path={`/teams/${encodeURIComponent(id)}`} note="Team pages are coming soon." />
  );
}

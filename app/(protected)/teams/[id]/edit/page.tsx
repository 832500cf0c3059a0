import type { Metadata } from "next";
import { ComingSoon } from "@/components/auth/coming-soon";

export const metadata: Metadata = { title: "Edit Team", robots: { index: false } };

export default async function EditTeamPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <ComingSoon
      title="Edit Team"
      path={`/teams/${encodeURIComponent(id)}/edit`}
      note="Editing a team is coming soon."
    />
  );
}

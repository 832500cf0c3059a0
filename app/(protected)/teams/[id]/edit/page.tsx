import type { Metadata } from "next";
import { PageIntro } from "@/components/layout/page-intro";
import { TeamForm } from "@/components/teams/team-form";
import { TeamMessage } from "@/components/teams/team-not-found";
import { requireUser } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { findTeamByCreator } from "@/lib/data/teams";
import { pageMetadata } from "@/lib/seo/metadata";
import { updateTeamAction } from "./actions";

export const metadata: Metadata = pageMetadata({
  title: "Edit Team",
  description: "Update your team.",
  path: "/teams",
  noindex: true,
});

/** Edit team (docs/product.md#teams): the creator's prefilled form; anyone else sees Access Denied. */
export default async function EditTeamPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/teams/${encodeURIComponent(id)}/edit`);
  // The creator's one team: any other id (someone else's, missing or malformed) is not theirs to edit.
  const team = await withRls(user.claims, (tx) => findTeamByCreator(tx, user.id));
  if (!team || team.id !== id) {
    return <TeamMessage title="Access Denied" text="You don't have permission to edit this team." />;
  }

  return (
    <>
      <PageIntro eyebrow="Teams" title="Edit Team">
        <p>{team.name}</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <TeamForm
          mode="edit"
          teamPath={`/teams/${team.id}`}
          action={updateTeamAction.bind(null, team.id)}
          defaultValues={{
            name: team.name,
            description: team.description,
            location: team.location ?? "",
            max_members: team.max_members,
            status: team.status,
            requirements: {
              roles: [...team.requirements.roles],
              experience_levels: [...team.requirements.experience_levels],
            },
            training_schedule: {
              days: [...team.training_schedule.days],
              times: [...team.training_schedule.times],
            },
          }}
        />
      </div>
    </>
  );
}

import type { Metadata } from "next";
import { PageIntro } from "@/components/layout/page-intro";
import { TeamForm } from "@/components/teams/team-form";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { getMyProfile } from "@/lib/auth/my-profile";
import { findTeamByCreator } from "@/lib/data/teams";
import { pageMetadata } from "@/lib/seo/metadata";
import { createTeamAction } from "./actions";

export const metadata: Metadata = pageMetadata({
  title: "Create a Team",
  description: "Start a relay team and find the athletes for the other legs.",
  path: "/teams/create",
  noindex: true,
});

/** Create team (docs/product.md#teams): the Team Limit Reached page when the user has a team, else the form. */
export default async function CreateTeamPage() {
  const user = await requireUser("/teams/create");
  const [existing, profile] = await Promise.all([
    withRls(user.claims, (tx) => findTeamByCreator(tx, user.id)),
    getMyProfile(),
  ]);

  if (existing) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
        <h1 className="text-ocean-950 text-3xl font-extrabold">Team Limit Reached</h1>
        <p className="mt-4 text-lg text-slate-700">
          Each user can create one team. Manage your existing team or browse available athletes.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <LinkButton href="/teams">Manage My Team</LinkButton>
          <LinkButton href="/browse" variant="secondary">
            Browse Athletes
          </LinkButton>
        </div>
      </div>
    );
  }

  return (
    <>
      <PageIntro eyebrow="Teams" title="Create a Team">
        <p>You join as the first member, racing your own leg. Say which legs you still need.</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        {profile ? (
          <TeamForm
            mode="create"
            action={createTeamAction}
            defaultValues={{
              name: "",
              description: "",
              location: profile.location.display_name,
              max_members: 3,
              requirements: { roles: [], experience_levels: [] },
              training_schedule: { days: [], times: [] },
            }}
          />
        ) : (
          <Card className="space-y-4 text-center">
            <h2 className="text-ocean-950 text-xl font-bold">Please create your profile first</h2>
            <p className="text-slate-700">
              A team starts with you as its first member, in your specialty, so it needs your athlete profile.
            </p>
            <LinkButton href="/create-profile">Create Your Profile</LinkButton>
          </Card>
        )}
      </div>
    </>
  );
}

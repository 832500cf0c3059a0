import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ConfirmJoin } from "@/components/teams/confirm-join";
import { JoinScreen } from "@/components/teams/join-screen";
import { TeamMessage } from "@/components/teams/team-not-found";
import { buttonClasses, LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { requestToJoinTeamAction } from "@/lib/actions/teams";
import { getMyProfile } from "@/lib/auth/my-profile";
import { findTeamWithMembers } from "@/lib/data/teams";
import { createProfileThen, intentRole, joinIntentPath } from "@/lib/intent/paths";
import { pageMetadata } from "@/lib/seo/metadata";
import { legOf, roleLabels } from "@/lib/teams/labels";
import type { TeamRole } from "@/lib/validation/team";

export const metadata: Metadata = pageMetadata({
  title: "Send your request",
  description: "Confirm your request to join a relay team.",
  path: "/teams",
  noindex: true,
});

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ as?: string | string[] }> };

/**
 * Where a remembered Request to Join ends (docs/product.md#auth): after sign-in or sign-up, the e-mail link and
 * create-profile, one question and one press. The path only says which team and leg; who may join is
 * decided by request_to_join_team when the button is pressed.
 */
export default async function ConfirmJoinPage({ params, searchParams }: Props) {
  const { id } = await params;
  const role = intentRole((await searchParams).as);
  const here = joinIntentPath(id, role);
  const user = await requireUser(here);
  const me = await getMyProfile();
  if (!me) redirect(createProfileThen(here));

  const team = await withRls(user.claims, (tx) => findTeamWithMembers(tx, id)).catch(() => null);
  if (!team)
    return <TeamMessage title="Team not found" text="This team doesn't exist or is no longer visible." />;
  const wanted = role ?? me.specialty;
  const teamPath = `/teams/${team.id}`;
  const mine = team.members.find((m) => m.profile_id === me.id);
  const blockedText =
    team.creator_id === user.id
      ? "This is your own team."
      : mine?.status === "active"
        ? "You are already a member of this team."
        : mine?.status === "pending"
          ? "You have already asked to join this team. The creator will answer in Messages."
          : team.status !== "open"
            ? "This team is not accepting new members right now."
            : team.open_legs.length === 0
              ? "Every leg of this team is covered, so there is no leg to ask for right now."
              : null;
  // Only open legs are offered (docs/product.md#join-requests): the leg asked for when it is one, else the
  // team's open legs, with the one asked for shown as taken.
  const open = wanted && team.open_legs.includes(wanted);
  const offered = open ? [wanted] : team.open_legs;
  const send = (leg: TeamRole) => requestToJoinTeamAction.bind(null, team.id, leg);

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <Card className="space-y-5">
        <p className="text-sunset-700 text-sm font-semibold tracking-wide uppercase">Request to join</p>
        <JoinScreen
          teamName={team.name}
          blocked={
            blockedText ? (
              <>
                <h1 className="text-ocean-950 text-2xl font-bold wrap-anywhere">{team.name}</h1>
                <p role="status" className="text-slate-800">
                  {blockedText}
                </p>
                <LinkButton href={teamPath}>Go to the team</LinkButton>
              </>
            ) : null
          }
        >
          {open ? (
            <h1 className="text-ocean-950 text-2xl font-bold wrap-anywhere">
              Send your request to {team.name} as a {roleLabels[wanted].toLowerCase()}?
            </h1>
          ) : (
            <>
              <h1 className="text-ocean-950 text-2xl font-bold wrap-anywhere">
                {wanted && team.covered_roles.includes(wanted)
                  ? `The ${legOf[wanted].toLowerCase()} leg of ${team.name} is taken`
                  : `${team.name} needs another leg`}
              </h1>
              <p role="status" className="text-slate-800">
                {wanted && team.covered_roles.includes(wanted)
                  ? "Another athlete races it. "
                  : wanted
                    ? `The team is not looking for a ${roleLabels[wanted].toLowerCase()}. `
                    : ""}
                It still needs {offered.map((l) => `the ${legOf[l].toLowerCase()} leg`).join(" and ")}: ask
                for {offered.length > 1 ? "one of those" : "that"} instead?
              </p>
            </>
          )}
          <p className="text-slate-700">
            The team&apos;s creator gets the usual message with your name, specialty, experience, goals and a
            link to your profile, and answers in Messages.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {offered.map((leg) => (
              <ConfirmJoin
                key={leg}
                action={send(leg)}
                label={open ? "Send request" : `Ask for the ${legOf[leg].toLowerCase()} leg`}
                className={buttonClasses("primary", "lg", "sm:flex-1")}
              />
            ))}
            <LinkButton href={teamPath} variant="secondary" size="lg" className="sm:flex-1">
              Not now
            </LinkButton>
          </div>
        </JoinScreen>
      </Card>
    </div>
  );
}

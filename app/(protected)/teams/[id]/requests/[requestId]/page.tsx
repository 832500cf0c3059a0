import type { Metadata } from "next";
import Link from "next/link";
import { DecisionPanel, DecisionStatus, TeamGone } from "@/components/teams/decision-panel";
import { TeamActionButton } from "@/components/teams/team-action-button";
import { TeamMessage } from "@/components/teams/team-not-found";
import { LinkButton } from "@/components/ui/button";
import {
  acceptRequestAction,
  acceptRequestAsAction,
  changeRequestLegAction,
  declineRequestAction,
} from "@/lib/actions/teams";
import { requireUser } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { readJoinRequest, type JoinRequestView } from "@/lib/data/decisions";
import { relativeTime } from "@/lib/format/relative-time";
import { pageMetadata } from "@/lib/seo/metadata";
import { firstName, requestPath } from "@/lib/teams/decision-paths";
import { legOf, levelLabels, roleLabels } from "@/lib/teams/labels";
import type { TeamRole } from "@/lib/validation/team";
import { leaveTeamAction } from "../../actions";

export const metadata: Metadata = pageMetadata({
  title: "Join request",
  description: "A request to join a relay team: accept or decline it, or see where it stands.",
  path: "/teams",
  noindex: true,
});

type Props = { params: Promise<{ id: string; requestId: string }> };

/**
 * One join request, where the e-mails about it lead: the creator answers it here with one press; the
 * requester sees where it stands. A request already answered, withdrawn, or whose team is gone says so.
 */
export default async function JoinRequestPage({ params }: Props) {
  const { id, requestId } = await params;
  const user = await requireUser(requestPath(id, requestId));
  const view = await withRls(user.claims, (tx) => readJoinRequest(tx, id, requestId));

  if (view.state === "team_gone") return <TeamGone />;
  if (view.state === "not_found")
    return (
      <TeamMessage
        title="Request not found"
        text="This request doesn't exist, or it isn't yours to see. Check that you're signed in with the account the e-mail was sent to."
      />
    );
  const teamPath = `/teams/${id}`;
  return view.viewer === "creator" ? (
    <CreatorView view={view} teamPath={teamPath} memberId={requestId} />
  ) : (
    <RequesterView view={view} teamPath={teamPath} teamId={id} />
  );
}

type Ok = Extract<JoinRequestView, { state: "ok" }>;

function CreatorView({ view, teamPath, memberId }: { view: Ok; teamPath: string; memberId: string }) {
  const name = firstName(view.requester_name);
  const leg = roleLabels[view.role].toLowerCase();
  const details = (
    <p className="text-slate-800">
      As the {leg}
      {view.experience_level ? ` · ${levelLabels[view.experience_level]}` : ""} · asked{" "}
      {relativeTime(view.asked_at.toISOString())} · @{view.requester_username}
    </p>
  );
  const links = (
    <p className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {view.requester_public ? (
        <Link href={`/profile/${view.requester_id}`} className="text-ocean-800 font-medium underline">
          View {name}&apos;s profile
        </Link>
      ) : null}
      <Link href="/messages" className="text-ocean-800 font-medium underline">
        Messages
      </Link>
      <Link href={teamPath} className="text-ocean-800 font-medium underline">
        Open the team page
      </Link>
    </p>
  );

  if (view.member_status !== "pending") {
    const outcome =
      view.member_status === "active"
        ? `You accepted ${name}'s request: ${name} is in the team as the ${leg}.`
        : view.member_status === "declined"
          ? `You declined ${name}'s request. ${name} has been told.`
          : view.was_accepted
            ? `${name} joined as the ${leg} and has since left the team.`
            : `${name} withdrew this request before you answered it.`;
    return (
      <DecisionPanel
        kicker={`Join request · ${view.team_name}`}
        title={`${view.requester_name} asked to join`}
      >
        {details}
        <DecisionStatus>{outcome}</DecisionStatus>
        <LinkButton href={teamPath}>See the team</LinkButton>
        {links}
      </DecisionPanel>
    );
  }

  const blocked =
    view.team_status === "closed"
      ? "Your team is closed. Reopen it from Edit Team before accepting new members."
      : view.team_status === "full"
        ? "Your team is full. Raise the team size or remove a member before accepting."
        : null;
  return (
    <DecisionPanel
      kicker={`Join request · ${view.team_name}`}
      title={`${view.requester_name} wants to join ${view.team_name}`}
    >
      {details}
      <DecisionStatus>Waiting for your answer. {name} will get an e-mail when you decide.</DecisionStatus>
      {blocked ? <p className="text-sm text-orange-900">{blocked}</p> : null}
      {view.leg_taken ? <LegChooser view={view} memberId={memberId} /> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        {view.leg_taken ? null : (
          <TeamActionButton
            action={acceptRequestAction.bind(null, memberId)}
            label="Accept"
            busyLabel="Accepting..."
            success="Request accepted"
            name={`Accept ${view.requester_name}`}
          />
        )}
        <TeamActionButton
          action={declineRequestAction.bind(null, memberId)}
          label="Decline"
          busyLabel="Declining..."
          success="Request declined"
          variant="secondary"
          name={`Decline ${view.requester_name}`}
        />
      </div>
      {links}
    </DecisionPanel>
  );
}

/** "the run leg" */
const legName = (role: TeamRole) => `the ${legOf[role].toLowerCase()} leg`;

/**
 * The leg asked for was taken meanwhile: one Accept would put two athletes on it (docs/product.md#join-requests).
 * The creator picks the leg the athlete will race instead: an open one, or the same leg again as an extra
 * place, said in so many words, while the team size leaves room.
 */
function LegChooser({ view, memberId }: { view: Ok; memberId: string }) {
  const name = firstName(view.requester_name);
  const asked = roleLabels[view.role].toLowerCase();
  return (
    <section
      aria-labelledby="choose-leg"
      className="space-y-3 rounded-xl border-2 border-orange-300 px-4 py-3"
    >
      <h2 id="choose-leg" className="text-ocean-950 text-lg font-bold">
        {legName(view.role)[0]!.toUpperCase() + legName(view.role).slice(1)} is taken
      </h2>
      <p className="text-slate-800">
        Another athlete races {legName(view.role)} now. Choose the leg {name} will race, or decline.
      </p>
      {view.open_legs.length || view.has_room ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {view.has_room
            ? view.open_legs.map((leg) => (
                <TeamActionButton
                  key={leg}
                  action={acceptRequestAsAction.bind(null, memberId, leg)}
                  label={`Accept as the ${roleLabels[leg].toLowerCase()}`}
                  busyLabel="Accepting..."
                  success="Request accepted"
                  name={`Accept ${view.requester_name} as the ${roleLabels[leg].toLowerCase()}`}
                />
              ))
            : null}
          {view.has_room ? (
            <TeamActionButton
              action={acceptRequestAsAction.bind(null, memberId, view.role)}
              label={`Accept as a second ${asked}`}
              busyLabel="Accepting..."
              success="Request accepted"
              variant="secondary"
              name={`Accept ${view.requester_name} as a second ${asked}, an extra place`}
            />
          ) : null}
        </div>
      ) : null}
      {view.has_room ? (
        <p className="text-sm text-slate-700">
          A second {asked} takes an extra place in your team: for a shared leg or a reserve.
        </p>
      ) : null}
    </section>
  );
}

function RequesterView({ view, teamPath, teamId }: { view: Ok; teamPath: string; teamId: string }) {
  const leg = roleLabels[view.role].toLowerCase();
  const team = view.team_name;
  if (view.member_status === "pending" && view.leg_taken)
    return (
      <DecisionPanel kicker="Your join request" title={`Your request to join ${team} as the ${leg}`}>
        <DecisionStatus>
          {legName(view.role)[0]!.toUpperCase() + legName(view.role).slice(1)} is taken now: another athlete
          races it.{" "}
          {view.open_legs.length
            ? "Ask for an open leg instead, or withdraw your request."
            : "No other leg is open. You can withdraw your request, or wait: the creator may still offer you an extra place."}
        </DecisionStatus>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {view.open_legs.map((open) => (
            <TeamActionButton
              key={open}
              action={changeRequestLegAction.bind(null, teamId, open)}
              label={`Ask for ${legName(open)}`}
              busyLabel="Asking..."
              success={`Your request is for ${legName(open)} now`}
            />
          ))}
          <TeamActionButton
            action={leaveTeamAction.bind(null, teamId)}
            label="Withdraw request"
            busyLabel="Withdrawing..."
            success="Request withdrawn"
            variant="secondary"
          />
        </div>
        <p className="text-sm">
          <Link href={teamPath} className="text-ocean-800 font-medium underline">
            Open the team
          </Link>
        </p>
      </DecisionPanel>
    );
  const [text, next] =
    view.member_status === "pending"
      ? [
          `Waiting for the creator's answer. They were e-mailed your request, and you'll get an e-mail when they decide.`,
          <LinkButton key="team" href={teamPath}>
            Open the team
          </LinkButton>,
        ]
      : view.member_status === "active"
        ? [
            `${team} accepted your request. You're in the team as the ${leg}.`,
            <LinkButton key="team" href={teamPath}>
              Open your team
            </LinkButton>,
          ]
        : [
            view.member_status === "declined"
              ? `${team} declined your request this time. Plenty of teams still need athletes.`
              : view.was_accepted
                ? `You were in ${team} as the ${leg} and have left the team.`
                : "You withdrew this request.",
            <LinkButton key="browse" href="/browse">
              Browse open teams
            </LinkButton>,
          ];
  return (
    <DecisionPanel kicker="Your join request" title={`Your request to join ${team} as the ${leg}`}>
      <DecisionStatus>{text}</DecisionStatus>
      {next}
    </DecisionPanel>
  );
}

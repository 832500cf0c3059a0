import Link from "next/link";
import type { ReactNode } from "react";
import { ShareTeamButton } from "@/components/teams/share-team-button";
import { TeamActionButton } from "@/components/teams/team-action-button";
import { UrgentNeedForm } from "@/components/teams/urgent-need-form";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { acceptRequestAction, declineRequestAction } from "@/lib/actions/teams";
import type { ActionResult } from "@/lib/server-action/result";
import type { NeedsYou } from "@/lib/data/needs-you";
import { invitationPath, requestPath } from "@/lib/teams/decision-paths";
import { legOf, levelLabels, listOf, roleLabels } from "@/lib/teams/labels";
import { urgentNeedText } from "@/lib/teams/urgency";
import { DashboardCard } from "./dashboard-card";

const sentStatus = {
  pending: { text: "Waiting for an answer", tone: "neutral" },
  active: { text: "Accepted", tone: "success" },
  declined: { text: "Declined", tone: "warning" },
} as const;

/** The team page's server actions (they live beside that route), handed down by the dashboard page. */
export type NeedsYouActions = {
  acceptInvitation: (invitationId: unknown) => Promise<ActionResult>;
  declineInvitation: (invitationId: unknown) => Promise<ActionResult>;
  setUrgentNeed: (teamId: unknown, input: unknown) => Promise<ActionResult>;
};

// An answered item leaves the card with its buttons: keyboard focus goes to the card's title.
const focusAfter = "needs-you-title";
const item = "space-y-2 rounded-lg bg-slate-50 px-3 py-3";
const small = buttonClasses("secondary", "md", "px-3 py-1");

/**
 * The dashboard's first card: what needs the athlete now. Requests to their team (Accept and Decline right
 * here), invitations to answer, their team's open legs (Share; the creator can mark one urgent), and the
 * requests they sent with where each stands. Each decision also links to its own page.
 */
export function NeedsYouCard({ needs, actions }: { needs: NeedsYou; actions: NeedsYouActions }) {
  const empty =
    !needs.toDecide.length && !needs.invitations.length && !needs.teams.length && !needs.sent.length;
  return (
    <DashboardCard id="needs-you" title="Needs you now" className="md:col-span-2 lg:col-span-3">
      {empty ? (
        <p className="text-slate-700">
          Nothing needs you right now. Requests to your team, invitations and the requests you send show here.
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {needs.toDecide.length ? (
            <Group title="Requests to decide">
              {needs.toDecide.map((r) => {
                const who = r.full_name ?? "An athlete";
                return (
                  <li key={r.member_id} className={item}>
                    <p className="text-slate-900">
                      <Link
                        href={requestPath(r.team_id, r.member_id)}
                        className="font-semibold underline-offset-2 hover:underline"
                      >
                        {who}
                      </Link>{" "}
                      wants to join {r.team_name} as the {roleLabels[r.role].toLowerCase()}
                      {r.experience_level ? ` · ${levelLabels[r.experience_level]}` : ""}
                    </p>
                    {r.leg_taken ? (
                      <p className="text-sm font-medium text-orange-900">
                        The {legOf[r.role].toLowerCase()} leg is taken now: choose the leg they will race.
                      </p>
                    ) : null}
                    <div className="flex flex-wrap gap-2">
                      {r.leg_taken ? (
                        <Link
                          href={requestPath(r.team_id, r.member_id)}
                          className={buttonClasses("primary", "md")}
                          aria-label={`Choose a leg for ${who}`}
                        >
                          Choose a leg
                        </Link>
                      ) : (
                        <TeamActionButton
                          action={acceptRequestAction.bind(null, r.member_id)}
                          label="Accept"
                          busyLabel="Accepting..."
                          success="Request accepted"
                          name={`Accept ${who}`}
                          focusAfter={focusAfter}
                        />
                      )}
                      <TeamActionButton
                        action={declineRequestAction.bind(null, r.member_id)}
                        label="Decline"
                        busyLabel="Declining..."
                        success="Request declined"
                        variant="secondary"
                        name={`Decline ${who}`}
                        focusAfter={focusAfter}
                      />
                    </div>
                  </li>
                );
              })}
            </Group>
          ) : null}

          {needs.invitations.length ? (
            <Group title="Invitations to answer">
              {needs.invitations.map((i) => (
                <li key={i.id} className={item}>
                  <p className="text-slate-900">
                    <Link
                      href={invitationPath(i.team_id, i.id)}
                      className="font-semibold underline-offset-2 hover:underline"
                    >
                      {i.team_name}
                    </Link>{" "}
                    invites you to join as the {roleLabels[i.role].toLowerCase()}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <TeamActionButton
                      action={actions.acceptInvitation.bind(null, i.id)}
                      label="Accept"
                      busyLabel="Accepting..."
                      success={`Welcome to ${i.team_name}!`}
                      name={`Accept the invitation from ${i.team_name}`}
                      focusAfter={focusAfter}
                    />
                    <TeamActionButton
                      action={actions.declineInvitation.bind(null, i.id)}
                      label="Decline"
                      busyLabel="Declining..."
                      success="Invitation declined"
                      variant="secondary"
                      name={`Decline the invitation from ${i.team_name}`}
                      focusAfter={focusAfter}
                    />
                  </div>
                </li>
              ))}
            </Group>
          ) : null}

          {needs.teams.length ? (
            <Group title="Your team's open legs">
              {needs.teams.map((t) => (
                <li key={t.team_id} className={item}>
                  <p className="text-slate-900">
                    <Link
                      href={`/teams/${t.team_id}`}
                      className="font-semibold underline-offset-2 hover:underline"
                    >
                      {t.team_name}
                    </Link>{" "}
                    still needs: {listOf(t.open_legs, roleLabels)}
                  </p>
                  {t.urgent_role && t.urgent_by ? (
                    <Badge tone="warning">Urgent: {urgentNeedText(t.urgent_role, t.urgent_by)}</Badge>
                  ) : null}
                  <div className="flex flex-wrap items-start gap-2">
                    <ShareTeamButton path={`/teams/${t.team_id}`} title={t.team_name} className={small} />
                    {t.own && !t.urgent_role ? (
                      <details className="w-full">
                        <summary className={`${small} inline-flex cursor-pointer list-none`}>
                          Mark urgent
                        </summary>
                        <div className="mt-3 rounded-lg border border-slate-200 bg-white p-3">
                          <UrgentNeedForm
                            current={null}
                            legs={t.open_legs}
                            defaultRole={t.open_legs[0]}
                            action={actions.setUrgentNeed.bind(null, t.team_id)}
                          />
                        </div>
                      </details>
                    ) : null}
                  </div>
                </li>
              ))}
            </Group>
          ) : null}

          {needs.sent.length ? (
            <Group title="Requests you sent">
              {needs.sent.map((s) => (
                <li key={s.member_id} className={`${item} flex flex-wrap items-center justify-between gap-2`}>
                  <Link
                    href={requestPath(s.team_id, s.member_id)}
                    className="min-w-0 font-semibold wrap-anywhere text-slate-900 underline-offset-2 hover:underline"
                  >
                    {s.team_name} · {roleLabels[s.role]}
                  </Link>
                  {s.leg_taken ? (
                    <>
                      <Badge tone="warning">Leg taken</Badge>
                      <p className="basis-full text-sm text-slate-800">
                        Another athlete races the {legOf[s.role].toLowerCase()} leg now.{" "}
                        <Link
                          href={requestPath(s.team_id, s.member_id)}
                          className="text-ocean-800 font-semibold underline"
                        >
                          Ask for an open leg or withdraw
                        </Link>
                      </p>
                    </>
                  ) : (
                    <Badge tone={sentStatus[s.status].tone}>{sentStatus[s.status].text}</Badge>
                  )}
                </li>
              ))}
            </Group>
          ) : null}
        </div>
      )}
    </DashboardCard>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-2 font-semibold text-slate-800">{title}</h3>
      <ul className="space-y-2" aria-label={title}>
        {children}
      </ul>
    </div>
  );
}

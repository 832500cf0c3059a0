import { Text } from "@react-email/components";
import type { ReactNode } from "react";
import { experienceLabels } from "@/lib/labels";
import { absoluteUrl } from "@/lib/site";
import { invitationPath, requestPath } from "@/lib/teams/decision-paths";
import type { ClaimedNotification } from "../types";
import { textStyle } from "./email-layout";
import { formatDay, leg, type EmailContent, type Framer } from "./email-parts";

type TeamClaim = Extract<
  ClaimedNotification,
  { kind: "join_request" | "invitation" | "decision" | "team_closed" | "urgent_alert" }
>;

/** Join requests and invitations share one switch (notification_settings.join_requests). */
const joinRequestsUnsubscribeLabel = "Stop e-mails about join requests and invitations";

/** Subject, frame and body of a team notification: requests, invitations, answers, a closed team, an urgent leg. */
export function teamNotificationContent(n: TeamClaim, hi: ReactNode, frame: Framer): EmailContent {
  switch (n.kind) {
    case "join_request": {
      const d = n.data;
      return {
        subject: `${d.requester_name} wants to join ${d.team_name}`,
        frame: frame({
          preview: `${d.requester_name} asked to join as the ${leg(d.role)}.`,
          heading: `${d.requester_name} wants to join ${d.team_name}`,
          // The request itself (Accept and Decline), through sign-in when needed; never the public team
          // page, which offers a signed-out visitor "Request to Join", even the creator.
          action: {
            label: "Review the request",
            href: absoluteUrl(d.member_id ? requestPath(d.team_id, d.member_id) : `/teams/${d.team_id}`),
          },
          reason: "you created this team and have e-mails about join requests and invitations on",
          unsubscribeLabel: joinRequestsUnsubscribeLabel,
        }),
        body: (
          <>
            {hi}
            <Text style={textStyle}>
              {d.requester_name} (@{d.requester_username}) asked to join {d.team_name} as the {leg(d.role)}.
              Level: {experienceLabels[d.experience_level]}.
            </Text>
            <Text style={textStyle}>Accept or decline it with one tap from the request&apos;s page.</Text>
          </>
        ),
      };
    }
    case "invitation": {
      const d = n.data;
      const by = d.inviter_name ? `${d.inviter_name}, the creator of ${d.team_name},` : d.team_name;
      const subject = `${d.team_name} invites you to join as the ${leg(d.role)}`;
      return {
        subject,
        frame: frame({
          preview: `A relay team${d.location ? ` in ${d.location}` : ""} would like you on its ${leg(d.role)} leg.`,
          heading: subject,
          action: {
            label: "Accept or decline",
            href: absoluteUrl(
              d.invitation_id ? invitationPath(d.team_id, d.invitation_id) : `/teams/${d.team_id}`,
            ),
          },
          reason: "a team invited you to join it and you have e-mails about join requests and invitations on",
          unsubscribeLabel: joinRequestsUnsubscribeLabel,
        }),
        body: (
          <>
            {hi}
            <Text style={textStyle}>
              {by} invites you to join the team as the {leg(d.role)}
              {d.location ? `. The team is based in ${d.location}` : ""}.
            </Text>
            {d.urgent_role && d.urgent_by ? (
              <Text style={textStyle}>
                The team urgently needs a {leg(d.urgent_role)} by {formatDay(d.urgent_by)}.
              </Text>
            ) : null}
            <Text style={textStyle}>Accept or decline it with one tap from the invitation&apos;s page.</Text>
          </>
        ),
      };
    }
    case "decision": {
      const d = n.data;
      // Accepted or declined: the request's own page, which says where it stands and what comes next.
      const decisionHref = (fallback: string) =>
        absoluteUrl(d.member_id ? requestPath(d.team_id, d.member_id) : fallback);
      const words = {
        accepted: {
          subject: `You're in: ${d.team_name} accepted your request`,
          // Joining a team unlists the athlete; their dashboard offers "Keep me listed".
          text: `Good news! ${d.team_name} accepted your request. Welcome to the team. Now that you're in a team, you're no longer listed as looking for one; to stay listed, press Keep me listed on your dashboard.`,
          action: { label: "See your request", href: decisionHref(`/teams/${d.team_id}`) },
        },
        declined: {
          subject: `${d.team_name} declined your request`,
          text: `${d.team_name} declined your request this time. Plenty of teams still need athletes.`,
          action: { label: "See your request", href: decisionHref("/browse") },
        },
        removed: {
          subject: `You're no longer in ${d.team_name}`,
          text: `The creator of ${d.team_name} removed you from the team. Other teams still need athletes: your dashboard asks whether to list you as looking for a team again.`,
          action: { label: "Browse open teams", href: absoluteUrl("/browse") },
        },
      }[d.decision];
      return {
        subject: words.subject,
        frame: frame({
          preview: words.text,
          heading: words.subject,
          action: words.action,
          reason: "you asked to join this team and have e-mails about answers on",
          unsubscribeLabel: "Stop e-mails about answers to my requests",
        }),
        body: (
          <>
            {hi}
            <Text style={textStyle}>{words.text}</Text>
          </>
        ),
      };
    }
    case "team_closed": {
      const d = n.data;
      const subject = `${d.team_name} is closed`;
      return {
        subject,
        frame: frame({
          preview: `Its creator deleted their account. Other teams still need athletes.`,
          heading: subject,
          action: { label: "Browse open teams", href: absoluteUrl("/browse") },
          reason: "you were in this team or asked to join it, and have e-mails about your requests on",
          unsubscribeLabel: "Stop e-mails about answers to my requests",
        }),
        body: (
          <>
            {hi}
            <Text style={textStyle}>
              {d.team_name} is closed: its creator deleted their account, and the team went with it. Plenty of
              teams still need athletes; you can find one on Browse.
            </Text>
          </>
        ),
      };
    }
    case "urgent_alert": {
      const d = n.data;
      const subject = `Urgent: ${d.team_name} needs a ${leg(d.role)} by ${formatDay(d.urgent_by)}`;
      return {
        subject,
        frame: frame({
          preview: `A relay team needs your leg${d.location ? ` in ${d.location}` : ""}.`,
          heading: subject,
          action: { label: "View the team", href: absoluteUrl(`/teams/${d.team_id}`) },
          reason: `you turned on urgent leg alerts and race the ${leg(d.role)} leg`,
          unsubscribeLabel: "Stop urgent leg alerts",
        }),
        body: (
          <>
            {hi}
            <Text style={textStyle}>
              {d.team_name}
              {d.location ? ` (${d.location})` : ""} is one {leg(d.role)} short and needs someone by{" "}
              {formatDay(d.urgent_by)}. If you are free, ask to join from the team page.
            </Text>
          </>
        ),
      };
    }
  }
}

import { notificationContent } from "./emails/notification-email";
import type { ClaimedNotification } from "./types";

/** What a push says (public/sw.js shows it): the e-mail's subject, its preview line and its button's page. */
export type PushMessage = {
  title: string;
  body: string;
  /** A path on this site; the service worker opens it when the notification is pressed. */
  url: string;
  /** One notification per conversation, request, invitation or team on the device: a newer one replaces it. */
  tag: string;
};

export type PushableNotification = Exclude<ClaimedNotification, { kind: "interest_confirm" }>;

// What one notification on the device stands for, so a newer one about the same thing replaces it: a
// conversation, a team's chat, one request (two athletes asking to join are two notifications), one
// invitation, a team's urgent need; else the outbox row.
const tagOf = (n: PushableNotification): string => {
  const d = n.data as {
    conversation_id?: string;
    member_id?: string;
    invitation_id?: string;
    team_id?: string;
    occurrence_id?: string;
  };
  return `${n.kind}:${d.conversation_id ?? d.member_id ?? d.invitation_id ?? d.team_id ?? d.occurrence_id ?? n.id}`;
};

/**
 * The push for one claimed notification, made from the same content as its e-mail so it never says more:
 * no greeting, no unsubscribe links; the path of the e-mail's one button. Every kind the e-mails know is
 * covered by that switch, so a new kind of e-mail is a new kind of push with nothing to add here.
 */
export function pushPayload(n: PushableNotification): PushMessage {
  const content = notificationContent(n, { unsubscribeHref: "", settingsHref: "" });
  const href = new URL(content.frame.action.href, "http://x");
  return {
    title: content.subject,
    body: content.frame.preview,
    url: `${href.pathname}${href.search}`,
    tag: tagOf(n),
  };
}

import { notificationContent } from "./emails/notification-email";
import type { ClaimedNotification } from "./types";

/** What a push says (public/sw.js shows it): the e-mail's subject, its preview line and its button's page. */
export type PushMessage = {
  title: string;
  body: string;
  /** A path on this site; the service worker opens it when the notification is pressed. */
  url: string;
  /** One notification per conversation, request or team on the device: a newer one replaces it. */
  tag: string;
};

export type PushableNotification = Exclude<ClaimedNotification, { kind: "interest_confirm" }>;

const tagOf = (n: PushableNotification): string => {
  const d = n.data as { conversation_id?: string; team_id?: string };
  return `${n.kind}:${d.conversation_id ?? d.team_id ?? n.id}`;
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

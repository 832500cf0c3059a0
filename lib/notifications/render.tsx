import { render, toPlainText } from "@react-email/render";
import { absoluteUrl, site } from "@/lib/site";
import { EmailLayout } from "./emails/email-layout";
import { interestConfirmContent } from "./emails/interest-confirm-email";
import { notificationContent } from "./emails/notification-email";
import type { NotificationKind } from "./kinds";
import type { ClaimedNotification } from "./types";
import { signUnsubscribeToken } from "./unsubscribe-token";

export type RenderedMail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  messageId: string;
};

export function unsubscribeUrl(profileId: string, kind: NotificationKind, key?: Buffer): string {
  const token = key ? signUnsubscribeToken(profileId, kind, key) : signUnsubscribeToken(profileId, kind);
  return absoluteUrl(`/unsubscribe?token=${encodeURIComponent(token)}`);
}

/** The switch (and so the unsubscribe link) each kind of e-mail belongs to; null for a notice no switch stops. */
function settingKind(kind: Exclude<ClaimedNotification["kind"], "interest_confirm">): NotificationKind | null {
  if (kind === "photo_removed") return null;
  if (kind === "team_closed") return "decision";
  if (kind === "invitation") return "join_request";
  if (kind === "team_chat") return "message";
  if (kind === "session_offer" || kind === "session_change") return "session_update";
  if (kind === "session_summary") return "session_reminder";
  return kind;
}

const unsubscribeOf = (n: Exclude<ClaimedNotification, { kind: "interest_confirm" }>, key?: Buffer) => {
  const kind = settingKind(n.kind);
  return kind ? unsubscribeUrl(n.recipient_id, kind, key) : "";
};

/**
 * The e-mail for one claimed notification: HTML and plain-text parts from the same React component, links
 * absolute from the configured site URL (never a request's Host), and the RFC 8058 one-click unsubscribe
 * headers. The Message-ID is the outbox row's, so a resend after a crash is recognisably the same e-mail.
 */
export async function renderNotification(n: ClaimedNotification, key?: Buffer): Promise<RenderedMail> {
  // A register-interest confirmation was just asked for and goes to an address, not an athlete: nothing to
  // unsubscribe from (one e-mail, once), so no unsubscribe link or headers.
  const content =
    n.kind === "interest_confirm"
      ? interestConfirmContent(n, key)
      : notificationContent(n, {
          unsubscribeHref: unsubscribeOf(n, key),
          settingsHref: absoluteUrl("/settings"),
        });
  const email = <EmailLayout frame={content.frame}>{content.body}</EmailLayout>;
  const html = await render(email);
  // The plain-text part from the same HTML (what `render(…, { plainText: true })` does, without rendering twice).
  const text = toPlainText(html);
  const unsubscribeHref = content.frame.unsubscribe?.href;
  return {
    from: process.env.NOTIFICATIONS_FROM || site.notificationsFrom,
    to: n.to_email,
    subject: content.subject,
    html,
    text,
    headers: unsubscribeHref
      ? {
          "List-Unsubscribe": `<${unsubscribeHref}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
      : {},
    messageId: `<notification-${n.id}@${new URL(site.url).hostname}>`,
  };
}

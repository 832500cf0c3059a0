import { Text } from "@react-email/components";
import type { ClaimedNotification } from "../types";
import { accountNotificationContent } from "./account-email";
import { textStyle, type EmailFrame } from "./email-layout";
import { firstName, type EmailContent, type Framer } from "./email-parts";
import { messageNotificationContent } from "./message-email";
import { sessionNotificationContent } from "./session-email";
import { teamNotificationContent } from "./team-email";

type Links = { unsubscribeHref: string; settingsHref: string };

/** Subject, frame and body of one claimed notification, in the product's voice: each family in its own file. */
export function notificationContent(
  n: Exclude<ClaimedNotification, { kind: "interest_confirm" }>,
  links: Links,
): EmailContent {
  const hi = <Text style={textStyle}>Hi {firstName(n.recipient_name)},</Text>;
  const framer: Framer = (f) => frame(links, f);
  switch (n.kind) {
    case "session_offer":
    case "session_change":
    case "session_reminder":
    case "session_summary":
      return sessionNotificationContent(n, hi, framer);
    case "message":
    case "team_chat":
      return messageNotificationContent(n, hi, framer);
    case "join_request":
    case "invitation":
    case "decision":
    case "team_closed":
    case "urgent_alert":
      return teamNotificationContent(n, hi, framer);
    case "photo_removed":
      return accountNotificationContent(n, hi);
  }
}

function frame(links: Links, f: Parameters<Framer>[0]): EmailFrame {
  const { unsubscribeLabel, ...rest } = f;
  return {
    ...rest,
    unsubscribe: { label: unsubscribeLabel, href: links.unsubscribeHref },
    settingsHref: links.settingsHref,
  };
}

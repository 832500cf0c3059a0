import { Text } from "@react-email/components";
import type { ReactNode } from "react";
import { teamChatPath } from "@/lib/conversations/paths";
import { absoluteUrl } from "@/lib/site";
import type { ClaimedNotification } from "../types";
import { textStyle } from "./email-layout";
import { Quote, type EmailContent, type Framer } from "./email-parts";

type MessageClaim = Extract<ClaimedNotification, { kind: "message" | "team_chat" }>;

const reasonEnd = "was still unread after 5 minutes and you have message e-mails on";

/** Subject, frame and body of a message still unread after 5 minutes: a 1:1 conversation's or a team chat's. */
export function messageNotificationContent(n: MessageClaim, hi: ReactNode, frame: Framer): EmailContent {
  switch (n.kind) {
    case "message": {
      const d = n.data;
      const subject =
        d.count === 1
          ? `${d.sender_name} sent you a message`
          : `${d.sender_name} sent you ${d.count} messages`;
      const excerpt = d.truncated ? `${d.excerpt}…` : d.excerpt;
      return {
        subject,
        frame: frame({
          preview: excerpt,
          heading: subject,
          action: { label: "Read and reply", href: absoluteUrl(`/messages?c=${d.conversation_id}`) },
          reason: `a message to you ${reasonEnd}`,
          unsubscribeLabel: "Stop message e-mails",
        }),
        body: (
          <>
            {hi}
            <Text style={textStyle}>{d.count === 1 ? "Their message:" : "Their latest message:"}</Text>
            <Quote>{excerpt}</Quote>
          </>
        ),
      };
    }
    case "team_chat": {
      const d = n.data;
      const subject =
        d.count === 1
          ? `${d.sender_name} wrote in ${d.team_name}'s chat`
          : `${d.count} new messages in ${d.team_name}'s chat`;
      const excerpt = d.truncated ? `${d.excerpt}…` : d.excerpt;
      return {
        subject,
        frame: frame({
          preview: excerpt,
          heading: subject,
          action: { label: "Open the team chat", href: absoluteUrl(teamChatPath(d.team_id)) },
          reason: `a message in your team's chat ${reasonEnd}`,
          unsubscribeLabel: "Stop message e-mails",
        }),
        body: (
          <>
            {hi}
            <Text style={textStyle}>
              {d.count === 1 ? `${d.sender_name} wrote:` : `The latest, from ${d.sender_name}:`}
            </Text>
            <Quote>{excerpt}</Quote>
          </>
        ),
      };
    }
  }
}

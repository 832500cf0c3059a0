import { Link, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { absoluteUrl } from "@/lib/site";
import { reportReasonLabels } from "@/lib/report-reasons";
import type { ClaimedNotification } from "../types";
import { textStyle, type EmailFrame } from "./email-layout";
import type { EmailContent } from "./email-parts";

type AccountClaim = Extract<ClaimedNotification, { kind: "photo_removed" }>;

/**
 * Subject, frame and body of a notice about the athlete's own account: a moderator removed their photo. No
 * switch turns it off, so its frame has no unsubscribe link (as the sign-in e-mails have none).
 */
export function accountNotificationContent(n: AccountClaim, hi: ReactNode): EmailContent {
  const reason = reportReasonLabels[n.data.reason].toLowerCase();
  const frame: EmailFrame = {
    preview: `It was reported (${reason}). You can upload another one.`,
    heading: "A moderator removed your profile photo",
    action: { label: "Upload a new photo", href: absoluteUrl("/edit-profile#photo") },
    reason: "a moderator removed the photo on your profile",
  };
  return {
    subject: "Your profile photo was removed",
    frame,
    body: (
      <>
        {hi}
        <Text style={textStyle}>
          A moderator removed your profile photo because it was reported ({reason}). Your profile shows your
          initials until you choose another photo.
        </Text>
        <Text style={textStyle}>
          You can upload another one that follows our{" "}
          <Link href={absoluteUrl("/terms-of-service")} style={{ color: "#075985" }}>
            terms of service
          </Link>
          .
        </Text>
      </>
    ),
  };
}

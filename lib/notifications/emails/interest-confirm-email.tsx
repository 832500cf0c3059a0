import { Text } from "@react-email/components";
import { specialtyLabels } from "@/lib/labels";
import { absoluteUrl } from "@/lib/site";
import { signInterestToken } from "../interest-token";
import type { ClaimedNotification } from "../types";
import { textStyle } from "./email-layout";
import type { EmailContent } from "./email-parts";

type InterestClaim = Extract<ClaimedNotification, { kind: "interest_confirm" }>;

/** The confirmation link of a register-interest request (double opt-in): absolute, signed. */
export function interestConfirmUrl(requestId: string, key?: Buffer): string {
  const token = key ? signInterestToken(requestId, key) : signInterestToken(requestId);
  return absoluteUrl(`/register-interest/confirm?token=${encodeURIComponent(token)}`);
}

/** "Please confirm": what was asked, that nothing happens without the press, and when the link ends. */
export function interestConfirmContent(n: InterestClaim, key?: Buffer): EmailContent {
  const d = n.data;
  const leg = specialtyLabels[d.specialty].toLowerCase();
  const firstName = d.name.trim().split(/\s+/)[0] || d.name;
  return {
    subject: "Confirm your Register Interest details",
    frame: {
      preview: `One press to hear when a team needs a ${leg}.`,
      heading: "Please confirm your e-mail",
      action: { label: "Confirm my details", href: interestConfirmUrl(d.request_id, key) },
      reason:
        "someone, hopefully you, entered this address on our Register Interest page. If it wasn't you, ignore this e-mail: nothing is saved unless the button is pressed",
    },
    body: (
      <>
        <Text style={textStyle}>Hi {firstName},</Text>
        <Text style={textStyle}>
          Confirm your details to hear when a relay team needs a {leg}: name {d.name}, leg{" "}
          {specialtyLabels[d.specialty]}.
        </Text>
        <Text style={textStyle}>The link works for 48 hours.</Text>
      </>
    ),
  };
}

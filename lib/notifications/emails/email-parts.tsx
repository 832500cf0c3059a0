import { Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { specialtyLabels } from "@/lib/labels";
import { textStyle, type EmailFrame } from "./email-layout";

// What every notification e-mail is made of; each family of kinds (team, message, session) has its own file.

export type EmailContent = { subject: string; frame: EmailFrame; body: ReactNode };

/** The frame of one e-mail, given its texts: the unsubscribe and settings links are added by the caller. */
export type Framer = (
  f: Omit<EmailFrame, "unsubscribe" | "settingsHref"> & { unsubscribeLabel: string },
) => EmailFrame;

export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || fullName;
export const leg = (role: keyof typeof specialtyLabels) => specialtyLabels[role].toLowerCase();

/** "Thu, 27 Nov" for a calendar day (YYYY-MM-DD), whatever the server's time zone. */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-AU", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

/** A message's words quoted in the e-mail, line breaks kept. */
export function Quote({ children }: { children: ReactNode }) {
  return (
    <Section style={{ borderLeft: "4px solid #bae6fd", margin: "0 0 16px", paddingLeft: "12px" }}>
      <Text style={{ ...textStyle, margin: 0, whiteSpace: "pre-line" }}>{children}</Text>
    </Section>
  );
}

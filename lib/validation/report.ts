import { z } from "zod";
import "./csp-safe-zod";
import { safeText } from "./text";

/**
 * A report of a message or a profile (issue 21). The CHECKs on public.reports
 * (supabase/migrations/20261125050000_reports_and_moderation.sql) mirror these: the reasons, details of
 * 1 to 1,000 characters under the safe-text rule, and details required for "Something else".
 */
export const reportReasons = ["spam", "harassment", "inappropriate", "impersonation", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  spam: "Spam or a scam",
  harassment: "Harassment or bullying",
  inappropriate: "Offensive or inappropriate",
  impersonation: "Pretending to be someone else",
  other: "Something else",
};

export const reportKinds = ["message", "profile"] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportDetailsMax = 1000;

const details = safeText(
  "Details",
  { max: reportDetailsMax, tooLong: `Details must be at most ${reportDetailsMax} characters` },
  { multiline: true },
);

export const reportSchema = z
  .strictObject({
    kind: z.enum(reportKinds, { error: "Choose what to report" }),
    targetId: z.uuid({ error: "Choose what to report" }),
    reason: z.enum(reportReasons, { error: "Choose a reason" }),
    details: details.optional().default(""),
  })
  .refine((r) => r.reason !== "other" || r.details !== "", {
    path: ["details"],
    message: "Tell us what is wrong",
  });

export type ReportInput = z.input<typeof reportSchema>;

/** What the reporter reads (shared by the action, the dialog and the tests). */
export const reportTexts = {
  sent: "Thanks. Your report has been sent to our moderators, who will look at it.",
  already: "You've already reported this",
  notFound: "This is no longer available to report.",
  self: "You can't report yourself.",
  failed: "Report not sent. Check your connection and try again.",
  signIn: "Sign in to report.",
} as const;

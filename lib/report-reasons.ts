// Apart from lib/labels.ts, whose enumerations every team and athlete card loads in the browser: only the
// report dialog, moderation and e-mails need these.
/** Why something is reported (public.reports.reason): the report dialog's choices, and the removal notice's. */
export const reportReasons = ["spam", "harassment", "inappropriate", "impersonation", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  spam: "Spam or a scam",
  harassment: "Harassment or bullying",
  inappropriate: "Offensive or inappropriate",
  impersonation: "Pretending to be someone else",
  other: "Something else",
};

// What a report's form and its readers need without zod (the dialog is on every public profile, and zod
// would add ~30 kB of script there): the reasons, kinds, limit and texts. The schema is ./report.ts.

export const reportReasons = ["spam", "harassment", "inappropriate", "impersonation", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  spam: "Spam or a scam",
  harassment: "Harassment or bullying",
  inappropriate: "Offensive or inappropriate",
  impersonation: "Pretending to be someone else",
  other: "Something else",
};

export const reportKinds = ["message", "profile", "photo"] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportDetailsMax = 1000;

/** What the reporter reads (shared by the action, the dialog and the tests). */
export const reportTexts = {
  sent: "Thanks. Your report has been sent to our moderators, who will look at it.",
  already: "You've already reported this",
  notFound: "This is no longer available to report.",
  self: "You can't report yourself.",
  failed: "Report not sent. Check your connection and try again.",
  signIn: "Sign in to report.",
} as const;

// What a report's form and its readers need without zod (the dialog is on every public profile, and zod
// would add ~30 kB of script there): the reasons, kinds, limit and texts. The schema is ./report.ts.

// The reasons live beside the product's other enumerations (lib/report-reasons.ts): e-mails name them too.
export { reportReasonLabels, reportReasons, type ReportReason } from "@/lib/report-reasons";

// "session_rsvp": an athlete's place in a session date, reported from the session's page.
export const reportKinds = ["message", "profile", "photo", "session", "session_rsvp"] as const;
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

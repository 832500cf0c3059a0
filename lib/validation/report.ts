import { z } from "zod";
import "./csp-safe-zod";
import { reportDetailsMax, reportKinds, reportReasons } from "./report-texts";
import { safeText } from "./text";

export {
  reportDetailsMax,
  reportKinds,
  reportReasonLabels,
  reportReasons,
  reportTexts,
  type ReportKind,
  type ReportReason,
} from "./report-texts";

const details = safeText(
  "Details",
  { max: reportDetailsMax, tooLong: `Details must be at most ${reportDetailsMax} characters` },
  { multiline: true },
);

/**
 * A report of a message or a profile (docs/security.md#moderation). The CHECKs on public.reports
 * (supabase/schema.sql) mirror these: the reasons, details of
 * 1 to 1,000 characters under the safe-text rule, and details required for "Something else".
 */
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

"use server";

import { action } from "@/lib/server-action/define-action";
import { fieldErrorsOf } from "@/lib/server-action/result";
import { fileReport } from "@/lib/data/reports";
import { reportSchema, reportTexts as T } from "@/lib/validation/report";

/**
 * Reports a message or a profile for the signed-in account (docs/security.md#moderation). Validated here and again by the CHECKs; who
 * may report what, one open report per target and the rate limit are decided in SQL
 * (public.report_content). A second identical report stores nothing and says so.
 */
export const reportContentAction = action(
  {
    name: "reports.file",
    fallback: T.failed,
    texts: { UNAUTHENTICATED: T.signIn },
    args: [
      {
        schema: reportSchema,
        fields: true,
        error: (error) => Object.values(fieldErrorsOf(error))[0] ?? T.failed,
      },
    ],
    errors: [
      { when: { code: "P0002" }, fail: { error: T.notFound } },
      { when: { detail: "REPORT_SELF" }, fail: { error: T.self } },
    ],
  },
  async ({ db }, report) => {
    const outcome = await db((tx) => fileReport(tx, report));
    return { ok: true, outcome, message: outcome === "reported" ? T.sent : T.already } as const;
  },
);

export type ReportResult = Awaited<ReturnType<typeof reportContentAction>>;

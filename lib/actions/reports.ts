"use server";

import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { fileReport } from "@/lib/data/reports";
import { errorSummary } from "@/lib/data/profile-writes";
import { isSuspendedError, suspendedMessage } from "@/lib/moderation/suspension";
import { fieldErrorsOf } from "@/lib/auth/action-result";
import { reportSchema, reportTexts as T } from "@/lib/validation/report";

export type ReportResult =
  | { ok: true; outcome: "reported" | "already_reported"; message: string }
  | { ok: false; error: string; code?: "AUTH"; fieldErrors?: Record<string, string> };

/**
 * Reports a message or a profile for the signed-in account (docs/security.md#moderation). Validated here and again by the
 * CHECKs; who may report what, one open report per target and the rate limit are decided in SQL
 * (public.report_content). A second identical report stores nothing and says so.
 */
export async function reportContent(input: unknown): Promise<ReportResult> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: T.signIn, code: "AUTH" };
  const parsed = reportSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return { ok: false, error: Object.values(fieldErrors)[0] ?? T.failed, fieldErrors };
  }
  try {
    const outcome = await withRls(claims, (tx) => fileReport(tx, parsed.data));
    return { ok: true, outcome, message: outcome === "reported" ? T.sent : T.already };
  } catch (error) {
    const e = error as { code?: string; detail?: string; message?: string };
    if (isSuspendedError(error)) return { ok: false, error: suspendedMessage };
    if (e.code === "P0429" && typeof e.message === "string") return { ok: false, error: e.message };
    if (e.code === "P0002") return { ok: false, error: T.notFound };
    if (e.detail === "REPORT_SELF") return { ok: false, error: T.self };
    console.error("reports.file failed", { userId: claims.sub, ...errorSummary(error) });
    return { ok: false, error: T.failed };
  }
}

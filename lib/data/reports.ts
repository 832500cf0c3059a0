import "server-only";
import type { Tx } from "@/lib/db";
import type { ReportKind, ReportReason } from "@/lib/validation/report";

/**
 * Files a report through public.report_content, or public.report_session_content for a training session or
 * an athlete's place in one (the rules live there: who may report what, one open report per target, the
 * rate limit).
 */
export async function fileReport(
  tx: Tx,
  input: { kind: ReportKind; targetId: string; reason: ReportReason; details: string },
): Promise<"reported" | "already_reported"> {
  const details = input.details || null;
  const [row] = await (input.kind === "session" || input.kind === "session_rsvp"
    ? tx<{ outcome: "reported" | "already_reported" }[]>`
        select public.report_session_content(${input.kind}, ${input.targetId}, ${input.reason}, ${details}) as outcome`
    : tx<{ outcome: "reported" | "already_reported" }[]>`
        select public.report_content(${input.kind}, ${input.targetId}, ${input.reason}, ${details}) as outcome`);
  return row!.outcome;
}

/** Whether the signed-in account is a moderator (false for visitors). */
export async function isModerator(tx: Tx): Promise<boolean> {
  const [row] = await tx<{ yes: boolean }[]>`select private.is_moderator() as yes`;
  return row?.yes ?? false;
}

/** Whether the signed-in account is suspended. */
export async function isSuspended(tx: Tx): Promise<boolean> {
  const [row] = await tx<{ yes: boolean }[]>`select public.my_account_is_suspended() as yes`;
  return row?.yes ?? false;
}

export type QueuedReport = {
  id: string;
  kind: ReportKind;
  reason: ReportReason;
  details: string | null;
  created_at: Date;
  reporter_name: string;
  target_id: string;
  message_content: string | null;
  message_hidden: boolean;
  profile_id: string;
  profile_username: string;
  profile_full_name: string;
  profile_bio: string | null;
  profile_goals: string;
  profile_hidden: boolean;
  account_suspended: boolean;
  open_reports_on_target: number;
  /** A photo report's photo as reported (`<account id>/<hash>`), and whether the profile still shows it. */
  photo_path: string | null;
  photo_current: boolean;
};

/** Open reports, oldest first (moderators only: the function refuses anyone else). */
export function moderationQueue(tx: Tx): Promise<QueuedReport[]> {
  return tx<QueuedReport[]>`select * from public.moderation_queue(100)`;
}

export type ModerationLogEntry = {
  at: Date;
  action: ModerationAction;
  moderator_email: string | null;
  target_id: string;
  report_id: string | null;
};

export function moderationLog(tx: Tx): Promise<ModerationLogEntry[]> {
  return tx<ModerationLogEntry[]>`select * from public.moderation_log(20)`;
}

export const moderationActions = [
  "hide_message",
  "hide_profile",
  "suspend",
  "dismiss",
  "remove_photo",
  "hide_session",
  "remove_rsvp",
] as const;
export type ModerationAction = (typeof moderationActions)[number];

/**
 * Runs one moderator action on a report; returns how many open reports it closed. Removing a photo also
 * removes Storage objects: lib/photos/store.ts (removeReportedPhoto).
 */
export async function moderate(
  tx: Tx,
  action: Exclude<ModerationAction, "remove_photo">,
  reportId: string,
): Promise<number> {
  const rows =
    action === "hide_message"
      ? await tx<{ n: number }[]>`select public.moderate_hide_message(${reportId}) as n`
      : action === "hide_profile"
        ? await tx<{ n: number }[]>`select public.moderate_hide_profile(${reportId}) as n`
        : action === "suspend"
          ? await tx<{ n: number }[]>`select public.moderate_suspend_account(${reportId}) as n`
          : action === "hide_session"
            ? await tx<{ n: number }[]>`select public.moderate_hide_session(${reportId}) as n`
            : action === "remove_rsvp"
              ? await tx<{ n: number }[]>`select public.moderate_remove_rsvp(${reportId}) as n`
              : await tx<{ n: number }[]>`select public.moderate_dismiss_report(${reportId}) as n`;
  return rows[0]!.n;
}

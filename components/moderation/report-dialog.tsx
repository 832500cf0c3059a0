"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { useRouter } from "next/navigation";
import { reportContent } from "@/lib/actions/reports";
import { submitAction } from "@/lib/forms/action-result";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";
import {
  reportDetailsMax,
  reportReasonLabels,
  reportReasons,
  reportSchema,
  reportTexts,
  type ReportKind,
} from "@/lib/validation/report";

type Outcome = { kind: "done"; message: string } | { kind: "error"; message: string } | null;

/**
 * "Report" on a message or a profile (issue 21): a button that opens a modal dialog (the native <dialog>:
 * focus moves in, Escape closes, focus returns to the button) asking for a reason and optional details.
 * The dialog is portalled to <body>, so it never sits inside a live message log. Visitors are sent to sign
 * in first.
 */
export function ReportButton({
  kind,
  targetId,
  subject,
  className = "",
  label = "Report",
  ariaLabel,
}: {
  kind: ReportKind;
  targetId: string;
  /** What is reported, for the button's accessible name and the dialog's title, e.g. "message from Mia". */
  subject: string;
  className?: string;
  /** The visible text; `ariaLabel` (which must start with it) names the button when the text alone is vague. */
  label?: string;
  ariaLabel?: string;
}) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const id = useId();

  function show() {
    if (!hasSessionCookie(document.cookie)) {
      router.push(`/auth?next=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    setOutcome(null);
    setFieldErrors({});
    setOpen(true);
    // The dialog mounts with this render; open it as a modal right after.
    requestAnimationFrame(() => dialog.current?.showModal());
  }

  function close() {
    dialog.current?.close();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      kind,
      targetId,
      reason: data.get("reason") ?? undefined,
      details: data.get("details") ?? "",
    };
    const parsed = reportSchema.safeParse(input);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
      setFieldErrors(errors);
      const first = errors.reason ? `${id}-reason-0` : `${id}-details`;
      document.getElementById(first)?.focus();
      return;
    }
    setFieldErrors({});
    setSending(true);
    const result = await submitAction(() => reportContent(parsed.data), reportTexts.failed);
    setSending(false);
    if (result.ok) setOutcome({ kind: "done", message: result.message });
    else if (result.fieldErrors) setFieldErrors(result.fieldErrors);
    else setOutcome({ kind: "error", message: result.error });
  }

  const dialogNode = open ? (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={() => {
        setOpen(false);
        trigger.current?.focus();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60"
    >
      <div className="p-6">
        <h2 id={`${id}-title`} className="text-ocean-950 text-xl font-bold">
          Report {subject}
        </h2>
        {outcome?.kind === "done" ? (
          <div className="mt-4 space-y-4">
            <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
              {outcome.message}
            </p>
            <button
              type="button"
              onClick={close}
              autoFocus
              className="bg-ocean-700 hover:bg-ocean-800 min-h-11 rounded-lg px-4 font-semibold text-white"
            >
              Close
            </button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <p className="text-sm text-slate-700">
              Our moderators will look at it. Nobody else is told that you reported it.
            </p>
            <fieldset
              onChange={() => setFieldErrors((errors) => ({ ...errors, reason: "" }))}
              aria-describedby={fieldErrors.reason ? `${id}-reason-error` : undefined}
            >
              <legend className="font-semibold text-slate-900">Why are you reporting this?</legend>
              <div className="mt-2 space-y-1">
                {reportReasons.map((reason, i) => (
                  <label
                    key={reason}
                    className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-slate-50"
                  >
                    <input
                      id={`${id}-reason-${i}`}
                      type="radio"
                      name="reason"
                      value={reason}
                      className="accent-ocean-700 size-4"
                      autoFocus={i === 0}
                    />
                    {reportReasonLabels[reason]}
                  </label>
                ))}
              </div>
              {fieldErrors.reason ? (
                <p id={`${id}-reason-error`} className="mt-1 text-sm font-medium text-red-800">
                  {fieldErrors.reason}
                </p>
              ) : null}
            </fieldset>
            <div>
              <label htmlFor={`${id}-details`} className="font-semibold text-slate-900">
                Details{" "}
                <span className="font-normal text-slate-600">(optional, needed for “Something else”)</span>
              </label>
              <textarea
                id={`${id}-details`}
                name="details"
                rows={3}
                maxLength={reportDetailsMax * 2}
                aria-invalid={fieldErrors.details ? true : undefined}
                aria-describedby={fieldErrors.details ? `${id}-details-error` : undefined}
                className="focus:border-ocean-600 mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
              />
              {fieldErrors.details ? (
                <p id={`${id}-details-error`} className="mt-1 text-sm font-medium text-red-800">
                  {fieldErrors.details}
                </p>
              ) : null}
            </div>
            {outcome?.kind === "error" ? (
              <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
                {outcome.message}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <button
                type="button"
                onClick={close}
                className="text-ocean-800 hover:bg-ocean-50 min-h-11 rounded-lg px-4 font-semibold"
              >
                Cancel
              </button>
              <button
                type="submit"
                disabled={sending}
                aria-busy={sending || undefined}
                className="bg-sunset-700 hover:bg-sunset-600 min-h-11 rounded-lg px-4 font-semibold text-white disabled:opacity-60"
              >
                {sending ? "Sending..." : "Send report"}
              </button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  ) : null;

  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={show}
        aria-haspopup="dialog"
        aria-label={ariaLabel}
        className={className}
      >
        {label}
      </button>
      {dialogNode ? createPortal(dialogNode, document.body) : null}
    </>
  );
}

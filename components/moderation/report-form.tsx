"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { reportContentAction } from "@/lib/actions/reports";
import { submitAction } from "@/lib/forms/action-result";
import { reportSchema } from "@/lib/validation/report";
import {
  reportDetailsMax,
  reportReasonLabels,
  reportReasons,
  reportTexts,
  type ReportKind,
} from "@/lib/validation/report-texts";

type Outcome = { kind: "done"; message: string } | { kind: "error"; message: string } | null;

/**
 * The report dialog itself (the native <dialog> as a modal: focus moves in, Escape closes): a reason and
 * optional details, checked with the same schema as the action. Loaded by ./report-dialog.tsx when it is
 * first opened, so its code and zod's stay out of the pages that only show the Report button.
 */
export default function ReportDialog({
  kind,
  targetId,
  subject,
  onClosed,
}: {
  kind: ReportKind;
  targetId: string;
  subject: string;
  /** The dialog has closed (Close, Cancel or Escape): unmount it and give focus back. */
  onClosed: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const id = useId();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

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
    const result = await submitAction(() => reportContentAction(parsed.data), reportTexts.failed);
    setSending(false);
    if (result.ok) setOutcome({ kind: "done", message: result.message });
    else if (result.fieldErrors) setFieldErrors(result.fieldErrors);
    else setOutcome({ kind: "error", message: result.error ?? reportTexts.failed });
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClosed}
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
  );
}

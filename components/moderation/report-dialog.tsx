"use client";

import { lazy, Suspense, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useRouter } from "next/navigation";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";
import type { ReportKind } from "@/lib/validation/report-texts";

// The dialog, its form and zod (~30 kB of script) are fetched when it is first opened, not with every
// profile page and thread that shows the button.
const loadDialog = () => import("./report-form");
const ReportDialog = lazy(loadDialog);

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
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  function show() {
    if (!hasSessionCookie(document.cookie)) {
      router.push(`/auth?next=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    void loadDialog();
    setOpen(true);
  }

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
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <ReportDialog
                kind={kind}
                targetId={targetId}
                subject={subject}
                onClosed={() => {
                  setOpen(false);
                  trigger.current?.focus();
                }}
              />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}

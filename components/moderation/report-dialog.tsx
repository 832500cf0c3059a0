"use client";

import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useRouter } from "next/navigation";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";
import type { ReportKind } from "@/lib/validation/report-texts";

// The dialog, its form and zod (~30 kB of script) are fetched when it is first opened, not with every
// profile page and thread that shows the button.
const loadDialog = () => import("./report-form");
const ReportDialog = lazy(loadDialog);

type Target = { kind: ReportKind; targetId: string; subject: string };

/**
 * The report dialog, opened from anywhere (a button, a menu item): `open(target)` shows it; when it closes,
 * `returnFocus` gets the focus back (the control that opened it). Visitors are sent to sign in first.
 */
export function useReportDialog(returnFocus: () => void): {
  open: (target: Target) => void;
  dialog: ReactNode;
} {
  const router = useRouter();
  const [target, setTarget] = useState<Target | null>(null);

  const open = useCallback(
    (next: Target) => {
      if (!hasSessionCookie(document.cookie)) {
        router.push(`/auth?next=${encodeURIComponent(window.location.pathname)}`);
        return;
      }
      void loadDialog();
      setTarget(next);
    },
    [router],
  );

  const dialog = target
    ? createPortal(
        <Suspense fallback={null}>
          <ReportDialog
            {...target}
            onClosed={() => {
              setTarget(null);
              returnFocus();
            }}
          />
        </Suspense>,
        document.body,
      )
    : null;
  return { open, dialog };
}

/**
 * "Report" on a profile (docs/security.md#moderation): a button that opens a modal dialog (the native <dialog>: focus moves
 * in, Escape closes, focus returns to the button) asking for a reason and optional details. The dialog is
 * portalled to <body>, so it never sits inside a live message log.
 */
export function ReportButton({
  kind,
  targetId,
  subject,
  className = "",
  label = "Report",
  ariaLabel,
}: Target & {
  className?: string;
  /** The visible text; `ariaLabel` (which must start with it) names the button when the text alone is vague. */
  label?: string;
  ariaLabel?: string;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const { open, dialog } = useReportDialog(() => trigger.current?.focus());
  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={() => open({ kind, targetId, subject })}
        aria-haspopup="dialog"
        aria-label={ariaLabel}
        className={className}
      >
        {label}
      </button>
      {dialog}
    </>
  );
}

"use client";

import { useEffect, useState, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { AuthForm } from "@/components/auth/auth-form";
import { DangerBox, SuccessBox } from "@/components/auth/form-controls";
import { site } from "@/lib/site";
import { verifyOtpSchema } from "@/lib/validation/auth";
import { resendSignUpAction, verifyOtpAction } from "../actions";

const codeSchema = verifyOtpSchema.pick({ token: true });
const secondaryButton =
  "border-ocean-600 hover:bg-ocean-800 w-full rounded-lg border px-4 py-2.5 text-base font-semibold text-white disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent";

type CheckEmailProps = {
  email: string;
  /** When the last e-mail went out (ms): resend opens once Auth's per-address minute is over. */
  sentAt: number;
  /** Where the code leads once verified. */
  next: string;
  /** The sign-up's own `next`, for the link in a resent e-mail (the action adds create-profile itself). */
  signUpNext: string;
  note: ReactNode;
  onWrongAddress: () => void;
  onResent: (sentAt: number) => void;
};

/** "Check your email" after sign-up: the address, the 6-digit code, resend, and "wrong address?". */
export function CheckEmail({
  email,
  sentAt,
  next,
  signUpNext,
  note,
  onWrongAddress,
  onResent,
}: CheckEmailProps) {
  const wait = useSecondsLeft(sentAt, site.authEmailIntervalSeconds);
  const [resend, setResend] = useState<{ busy: boolean; message?: string; error?: string }>({
    busy: false,
  });

  async function sendAgain() {
    setResend({ busy: true });
    const result = await resendSignUpAction({ email }, signUpNext).catch(() => null);
    if (result?.ok) {
      setResend({ busy: false, message: result.message });
      onResent(Date.now());
    } else {
      setResend({
        busy: false,
        error: (result && !result.ok && result.error) || "Failed to resend. Please try again.",
      });
    }
  }

  return (
    <div className="space-y-6">
      <SuccessBox>
        <p className="font-semibold">Check your email for the confirmation link</p>
        <p className="mt-1 [overflow-wrap:anywhere]">
          We sent it to <strong className="text-white">{email}</strong>. Open the link, or type the 6-digit
          code from the same e-mail here.
        </p>
      </SuccessBox>
      {note}
      <AuthForm
        id="check-email-code"
        schema={codeSchema}
        fields={[
          {
            name: "token",
            label: "6-digit code",
            type: "text",
            autoComplete: "one-time-code",
            inputMode: "numeric",
            maxLength: 6,
            hint: "From the e-mail we just sent you.",
          },
        ]}
        autoFocus
        submitLabel="Verify code"
        busyLabel="Verifying..."
        action={(values: FieldValues) => verifyOtpAction({ email, token: values.token }, next)}
      />
      <div className="border-ocean-800 space-y-3 border-t pt-5">
        <p className="text-sm text-slate-200">No e-mail? Look in your spam folder, or:</p>
        {resend.error ? <DangerBox>{resend.error}</DangerBox> : null}
        {resend.message ? <SuccessBox>{resend.message}</SuccessBox> : null}
        <button
          type="button"
          className={secondaryButton}
          disabled={wait > 0 || resend.busy}
          aria-describedby={wait > 0 ? "resend-wait" : undefined}
          onClick={sendAgain}
        >
          {resend.busy ? "Sending..." : "Resend the e-mail"}
        </button>
        {wait > 0 ? (
          <p id="resend-wait" className="text-center text-sm text-slate-300">
            You can ask for another in {wait} s.
          </p>
        ) : null}
        <button type="button" className={secondaryButton} onClick={onWrongAddress}>
          Wrong address? Change it
        </button>
      </div>
    </div>
  );
}

/** Whole seconds until `from + seconds`, counting down once a second; 0 once passed. */
function useSecondsLeft(from: number, seconds: number): number {
  const [now, setNow] = useState(() => Date.now());
  const end = from + seconds * 1000;
  useEffect(() => {
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= end) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [end]);
  return Math.min(seconds, Math.max(0, Math.ceil((end - now) / 1000)));
}

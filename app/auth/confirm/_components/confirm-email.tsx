"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { AuthCard } from "@/components/auth/form-controls";
import { authErrorText } from "@/lib/auth/auth-errors";
import { confirmEmailAction } from "../actions";

type State = { status: "verifying" } | { status: "failed"; message: string };

const linkErrorMessages: Record<string, string> = {
  otp_expired: "Email link is invalid or has expired",
};

/** Verifying → redirected (history replaced) or failed (docs/product.md#auth). */
/** A problem visible in the link itself, before anything is sent to Auth. */
function linkProblem(params: URLSearchParams): string | null {
  const errorCode = params.get("error_code") ?? params.get("error");
  // Auth's own redirect with an error: show a known text, never the URL's free text.
  if (errorCode) return linkErrorMessages[errorCode] ?? authErrorText.verificationFailed;
  if (!params.get("code") && (!params.get("token_hash") || !params.get("type")))
    return authErrorText.invalidConfirmLink;
  return null;
}

export function ConfirmEmail() {
  const params = useSearchParams();
  const router = useRouter();
  const started = useRef(false);
  const [verifyState, setState] = useState<State>({ status: "verifying" });
  const problem = linkProblem(params);
  const state: State = problem ? { status: "failed", message: problem } : verifyState;

  useEffect(() => {
    // The token is single-use: never send it twice (Strict Mode runs effects twice in development).
    if (problem || started.current) return;
    started.current = true;
    confirmEmailAction({
      token_hash: params.get("token_hash") ?? undefined,
      type: params.get("type") ?? undefined,
      code: params.get("code") ?? undefined,
      next: params.get("next") ?? undefined,
    })
      .then((result) => {
        if (result.ok) router.replace(result.next);
        else setState({ status: "failed", message: result.error ?? authErrorText.verificationFailed });
      })
      .catch((error: unknown) => {
        console.error("auth confirm crashed", { action: "auth.confirm", error });
        setState({ status: "failed", message: "An unexpected error occurred. Please try again." });
      });
  }, [params, problem, router]);

  if (state.status === "verifying") return <Verifying />;
  return (
    <AuthCard title="Verification Failed">
      <p role="alert" className="text-slate-100">
        {state.message}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link
          href="/auth"
          className="bg-sunset-600 flex flex-1 items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-white hover:bg-orange-800"
        >
          Go to Sign In
        </Link>
        <Link
          href="/"
          className="hover:bg-ocean-800 flex flex-1 items-center justify-center rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-white"
        >
          Go to Home
        </Link>
      </div>
    </AuthCard>
  );
}

export function Verifying() {
  return (
    <AuthCard title="Confirming your email">
      <p role="status" className="flex items-center gap-3 text-slate-100">
        <span
          aria-hidden="true"
          className="border-t-sunset-400 inline-block size-5 animate-spin rounded-full border-2 border-slate-400"
        />
        Verifying your email...
      </p>
    </AuthCard>
  );
}

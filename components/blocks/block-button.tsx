"use client";

import Link from "next/link";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { blockAthleteAction, unblockAthleteAction } from "@/lib/actions/blocks";
import { submitAction } from "@/lib/forms/action-result";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";

const failure = "Something went wrong. Please try again.";
const noSubscription = () => () => {};

export type BlockStep = "idle" | "confirm" | "busy" | "blocked";

const small = "rounded-lg px-3 py-1.5 text-sm font-semibold min-h-9";

/**
 * Block (docs/security.md#blocks) from a profile or a conversation: asks once, then blocks. Shown to signed-in visitors
 * only (a public profile page is one cached copy for everyone, so it finds out here). The blocked athlete is
 * never told; the blocker can undo it here or in Settings → Blocked athletes.
 */
export function BlockButton({
  profileId,
  name,
  className = "",
}: {
  profileId: string;
  name: string;
  className?: string;
}) {
  const signedIn = useSyncExternalStore(
    noSubscription,
    () => hasSessionCookie(document.cookie),
    () => false,
  );
  const [step, setStep] = useState<BlockStep>("idle");
  const trigger = useRef<HTMLButtonElement>(null);
  if (!signedIn) return null;
  return (
    // Asking or blocked, the text is a sentence: it takes its own line (the parent wraps).
    <div className={`text-sm ${className} ${step === "idle" ? "" : "basis-full"}`}>
      {step === "idle" ? (
        <button
          ref={trigger}
          type="button"
          onClick={() => setStep("confirm")}
          className={`${small} text-slate-700 underline hover:bg-slate-100`}
        >
          Block
        </button>
      ) : null}
      <BlockPanel
        profileId={profileId}
        name={name}
        step={step}
        onStep={setStep}
        onCancel={() => requestAnimationFrame(() => trigger.current?.focus())}
      />
    </div>
  );
}

/**
 * The asking and blocked states of Block, for a trigger held elsewhere (a button, a conversation's menu):
 * `step` "confirm" asks (focus moves to the confirming button), Cancel goes back to "idle" and calls
 * `onCancel`, and a block or unblock moves it on.
 */
export function BlockPanel({
  profileId,
  name,
  step,
  onStep,
  onCancel,
}: {
  profileId: string;
  name: string;
  step: BlockStep;
  onStep: (step: BlockStep) => void;
  onCancel?: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step === "confirm") confirm.current?.focus();
  }, [step]);

  async function run(block: boolean) {
    onStep("busy");
    const result = await submitAction(
      () => (block ? blockAthleteAction(profileId) : unblockAthleteAction(profileId)),
      failure,
    );
    if (result.ok) {
      setError(null);
      onStep(result.blocked ? "blocked" : "idle");
    } else {
      setError(result.error ?? failure);
      onStep(block ? "confirm" : "blocked");
    }
  }

  return (
    <>
      {step === "confirm" || (step === "busy" && !error) ? (
        <div role="group" aria-label={`Block ${name}?`} className="flex flex-wrap items-center gap-2">
          <p className="text-slate-800">
            Block {name}? Neither of you will be able to message the other or see the other on browse.
          </p>
          <button
            ref={confirm}
            type="button"
            onClick={() => run(true)}
            disabled={step === "busy"}
            className={`${small} bg-sunset-700 hover:bg-sunset-600 text-white disabled:opacity-60`}
          >
            {step === "busy" ? "Blocking..." : `Block ${name}`}
          </button>
          <button
            type="button"
            onClick={() => {
              onStep("idle");
              onCancel?.();
            }}
            disabled={step === "busy"}
            className={`${small} text-ocean-800 hover:bg-ocean-50`}
          >
            Cancel
          </button>
        </div>
      ) : null}
      {step === "blocked" ? (
        <p className="flex flex-wrap items-center gap-2 text-slate-800">
          <span>
            You blocked {name}. Undo it here or in{" "}
            <Link href="/settings#blocked" className="text-ocean-700 font-semibold underline">
              Settings
            </Link>
            .
          </span>
          <button
            type="button"
            onClick={() => run(false)}
            className={`${small} text-ocean-800 hover:bg-ocean-50 underline`}
          >
            Unblock
          </button>
        </p>
      ) : null}
      <p role="status" className="text-sunset-800 mt-1 empty:hidden">
        {error}
      </p>
    </>
  );
}

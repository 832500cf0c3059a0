"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { blockAthleteAction, unblockAthleteAction } from "@/lib/actions/blocks";
import { submitAction } from "@/lib/forms/action-result";
import { small } from "./small-button";

const failure = "Something went wrong. Please try again.";

export type BlockStep = "idle" | "confirm" | "busy" | "blocked";

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

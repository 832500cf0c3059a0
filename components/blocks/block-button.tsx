"use client";

import { lazy, Suspense, useRef, useState, useSyncExternalStore } from "react";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";
import type { BlockStep } from "./block-panel";
import { small } from "./small-button";

const noSubscription = () => () => {};
// The asking and blocked states, with the block actions, are fetched when Block is first pressed: the button
// sits on every public profile, where most visitors never press it (docs/performance.md#page-weight).
const loadPanel = () => import("./block-panel");
const BlockPanel = lazy(() => loadPanel().then((m) => ({ default: m.BlockPanel })));

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
  // Once pressed, the panel stays (its status line keeps an error after Cancel, as it always did).
  const [pressed, setPressed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!signedIn) return null;
  return (
    // Asking or blocked, the text is a sentence: it takes its own line (the parent wraps).
    <div className={`text-sm ${className} ${step === "idle" ? "" : "basis-full"}`}>
      {step === "idle" ? (
        <button
          ref={trigger}
          type="button"
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          onClick={() => {
            setPressed(true);
            setStep("confirm");
          }}
          className={`${small} text-slate-700 underline hover:bg-slate-100`}
        >
          Block
        </button>
      ) : null}
      {pressed ? (
        <Suspense fallback={null}>
          <BlockPanel
            profileId={profileId}
            name={name}
            step={step}
            onStep={setStep}
            onCancel={() => requestAnimationFrame(() => trigger.current?.focus())}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

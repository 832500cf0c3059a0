"use client";

import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { createCalendarFeedAction, revokeCalendarFeedAction } from "@/lib/actions/calendar-feed";
import { submitAction } from "@/lib/forms/action-result";

type Feed = { https: string; webcal: string };
type Kind = "create" | "revoke";

// Replacing or ending a link that calendars may subscribe to is asked once more: they stop updating.
const confirmText: Record<Kind, { ask: string; yes: string }> = {
  create: {
    ask: "Make a new link? Calendars subscribed to your current link stop updating.",
    yes: "Yes, make a new link",
  },
  revoke: {
    ask: "Turn off your calendar link? Calendars subscribed to it stop updating.",
    yes: "Yes, turn it off",
  },
};

/**
 * Make, show, copy, replace and turn off the private calendar link. A new link is held only in this
 * component's state: the server keeps its hash, so a reload shows "on since …" and no link.
 */
export function CalendarFeedControls({ madeOn }: { madeOn: string | null }) {
  const [feed, setFeed] = useState<Feed | null>(null);
  // Whether a link exists, as the page said and as this section's own presses changed it since.
  const [made, setMade] = useState(madeOn);
  const [busy, setBusy] = useState<Kind | null>(null);
  const [confirming, setConfirming] = useState<Kind | null>(null);
  const [status, setStatus] = useState("");
  const [error, setError] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const asked = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  // A new link (only "make" sets one) takes the focus, so a screen reader reads it out and it is selected.
  useEffect(() => {
    if (feed) input.current?.focus();
  }, [feed]);

  function ask(kind: Kind, button: HTMLButtonElement) {
    asked.current = button;
    setStatus("");
    setConfirming(kind);
  }

  function cancel() {
    setConfirming(null);
    requestAnimationFrame(() => asked.current?.focus());
  }

  async function run(kind: Kind) {
    setConfirming(null);
    setBusy(kind);
    setError("");
    setStatus("");
    const failure = "Could not change your calendar link. Please try again.";
    const result = await submitAction(
      kind === "create" ? createCalendarFeedAction : revokeCalendarFeedAction,
      failure,
    );
    setBusy(null);
    if (!result.ok) return setError(result.error ?? failure);
    setFeed(result.feed);
    if (kind === "revoke") setMade(null);
    setStatus(
      kind === "create"
        ? "Your new calendar link is ready: copy it into your calendar app."
        : "Calendar link turned off. Calendars subscribed to it stop updating.",
    );
  }

  async function copy() {
    if (!feed) return;
    try {
      await navigator.clipboard.writeText(feed.https);
      setStatus("Link copied");
    } catch {
      input.current?.select();
      setStatus("Select the link and copy it.");
    }
  }

  const on = feed !== null || made !== null;

  return (
    <div className="space-y-4">
      {feed ? (
        <div className="space-y-3 rounded-lg border border-orange-300 bg-orange-50 p-4">
          <label htmlFor="calendar-feed-url" className="block font-semibold text-slate-900">
            Your private calendar link
          </label>
          {/* Wraps, and grows to its lines where the browser can, so the whole link can be read and checked. */}
          <textarea
            id="calendar-feed-url"
            ref={input}
            readOnly
            rows={4}
            value={feed.https}
            onFocus={(e) => e.currentTarget.select()}
            aria-describedby="calendar-feed-secret"
            className="field-sizing-content w-full resize-none rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900"
          />
          <div className="flex flex-wrap gap-3">
            <button type="button" onClick={copy} className={buttonClasses("primary")}>
              Copy link
            </button>
            <a href={feed.webcal} className={buttonClasses("secondary")}>
              Open in calendar app
            </a>
          </div>
          <p id="calendar-feed-secret" className="text-sm text-slate-700">
            Keep it to yourself: anyone with this link sees your teams&apos; race day and training. It is
            shown only now; if you lose it, make a new one. In Google Calendar: Other calendars → From URL,
            and paste it.
          </p>
        </div>
      ) : made ? (
        <p className="text-slate-800">
          Your calendar link is on (made {made}). For your privacy it cannot be shown again: make a new one to
          subscribe another app, and the old one stops working.
        </p>
      ) : (
        <p className="text-slate-800">You have no calendar link.</p>
      )}
      {confirming ? (
        <div className="space-y-3 rounded-lg border border-slate-300 bg-slate-50 p-4">
          <p id="calendar-feed-confirm" className="font-semibold text-slate-900">
            {confirmText[confirming].ask}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              ref={confirmButton}
              type="button"
              onClick={() => run(confirming)}
              aria-describedby="calendar-feed-confirm"
              className={buttonClasses("primary")}
            >
              {confirmText[confirming].yes}
            </button>
            <button type="button" onClick={cancel} className={buttonClasses("ghost")}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={(e) => (on ? ask("create", e.currentTarget) : run("create"))}
          disabled={busy !== null}
          className={buttonClasses(on ? "secondary" : "primary")}
        >
          {busy === "create" ? "Making link..." : on ? "Make a new link" : "Make my calendar link"}
        </button>
        {on ? (
          <button
            type="button"
            onClick={(e) => ask("revoke", e.currentTarget)}
            disabled={busy !== null}
            className={buttonClasses("ghost")}
          >
            {busy === "revoke" ? "Turning off..." : "Turn off link"}
          </button>
        ) : null}
      </div>
      <p role="status" className="text-sm text-slate-700 empty:hidden">
        {status}
      </p>
      <p role="alert" className="text-sunset-800 text-sm empty:hidden">
        {error}
      </p>
    </div>
  );
}

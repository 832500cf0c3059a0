"use client";

import { useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { createCalendarFeedAction, revokeCalendarFeedAction } from "@/lib/actions/calendar-feed";
import { submitAction } from "@/lib/forms/action-result";

type Feed = { https: string; webcal: string };

/**
 * Make, show, copy, replace and turn off the private calendar link. A new link is held only in this
 * component's state: the server keeps its hash, so a reload shows "on since …" and no link.
 */
export function CalendarFeedControls({ madeOn }: { madeOn: string | null }) {
  const [feed, setFeed] = useState<Feed | null>(null);
  const [busy, setBusy] = useState<"create" | "revoke" | null>(null);
  const [status, setStatus] = useState("");
  const [error, setError] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);

  async function run(kind: "create" | "revoke") {
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
    setStatus(
      kind === "create"
        ? "Your new calendar link is ready: copy it into your calendar app."
        : "Calendar link turned off. Calendars subscribed to it stop updating.",
    );
    if (kind === "create") requestAnimationFrame(() => input.current?.focus());
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

  const on = feed !== null || madeOn !== null;

  return (
    <div className="space-y-4">
      {feed ? (
        <div className="space-y-3 rounded-lg border border-orange-300 bg-orange-50 p-4">
          <label htmlFor="calendar-feed-url" className="block font-semibold text-slate-900">
            Your private calendar link
          </label>
          {/* Wraps on a phone, so the whole link can be read and checked before it is pasted. */}
          <textarea
            id="calendar-feed-url"
            ref={input}
            readOnly
            rows={3}
            value={feed.https}
            onFocus={(e) => e.currentTarget.select()}
            aria-describedby="calendar-feed-secret"
            className="w-full resize-none rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900"
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
      ) : madeOn ? (
        <p className="text-slate-800">
          Your calendar link is on (made {madeOn}). For your privacy it cannot be shown again: make a new one
          to subscribe another app, and the old one stops working.
        </p>
      ) : (
        <p className="text-slate-800">You have no calendar link.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => run("create")}
          disabled={busy !== null}
          className={buttonClasses(on ? "secondary" : "primary")}
        >
          {busy === "create" ? "Making link..." : on ? "Make a new link" : "Make my calendar link"}
        </button>
        {on ? (
          <button
            type="button"
            onClick={() => run("revoke")}
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

"use client";

import { useState } from "react";

/**
 * Share (issue 20): the system share sheet where the browser has the Web Share API (phones), otherwise the
 * link is copied. The link is the team's public page, whoever presses it.
 */
export function ShareTeamButton({
  path,
  title,
  className,
}: {
  path: string;
  title: string;
  className: string;
}) {
  const [copied, setCopied] = useState(false);

  async function share() {
    const url = new URL(path, window.location.origin).toString();
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the sheet is not a failure; anything else falls back to copying.
        if ((error as Error).name === "AbortError") return;
      }
    }
    const { toastError, toastSuccess } = await import("@/lib/toast");
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toastSuccess("Link copied");
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toastError(`Copy this link: ${url}`);
    }
  }

  return (
    <button type="button" className={className} onClick={share}>
      {copied ? "Link copied" : "Share"}
    </button>
  );
}

"use client";

import { useState } from "react";
import { useHydrated } from "@/lib/forms/use-early-action";

/**
 * Share (docs/product.md#public-team-pages): the system share sheet where the browser has the Web Share API (phones), otherwise the
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
  // Sharing needs the page's scripts: until they have run the button says so rather than doing nothing.
  const ready = useHydrated();

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
    <button
      type="button"
      className={className}
      onClick={share}
      disabled={!ready}
      aria-busy={!ready || undefined}
    >
      {copied ? "Link copied" : "Share"}
    </button>
  );
}

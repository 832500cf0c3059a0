"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { unblockAthleteAction } from "@/lib/actions/blocks";
import { submitAction } from "@/lib/forms/action-result";
import { buttonClasses } from "@/components/ui/button";

/** Unblock in Settings → Blocked athletes; the list is read again afterwards. */
export function UnblockButton({ profileId, name }: { profileId: string; name: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function unblock() {
    setBusy(true);
    const failure = "Could not unblock. Please try again.";
    const result = await submitAction(() => unblockAthleteAction(profileId), failure);
    setBusy(false);
    if (!result.ok) return setError(result.error ?? failure);
    router.refresh();
  }

  return (
    <div className="flex flex-col items-end">
      <button
        type="button"
        onClick={unblock}
        disabled={busy}
        aria-label={`Unblock ${name}`}
        className={buttonClasses("secondary")}
      >
        {busy ? "Unblocking..." : "Unblock"}
      </button>
      <p role="status" className="text-sunset-800 mt-1 text-sm empty:hidden">
        {error}
      </p>
    </div>
  );
}

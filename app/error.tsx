"use client";

import { useEffect } from "react";
import { Button, LinkButton } from "@/components/ui/button";
import { DB_UNAVAILABLE_DIGEST } from "@/lib/db/unavailable";
import { busyText, isBusyError } from "@/lib/shedding/busy-text";

/** Boundary for unexpected errors inside a page: the header and footer stay, the page offers a retry. */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error({ boundary: "app/error", digest: error.digest }, error);
  }, [error]);

  return (
    <div role="alert" className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      {/* The database restarting or overloaded (lib/db/unavailable.ts): not a bug, so say what it is. */}
      {/* An action refused by load shedding (lib/shedding/shed.ts): nothing of it ran. */}
      {isBusyError(error) ? (
        <>
          <h1 className="text-ocean-950 text-3xl font-bold">{busyText}</h1>
          <p className="mt-4 text-lg text-slate-700">
            We have more visitors than we can serve this moment. Nothing was changed: please try again.
          </p>
        </>
      ) : error.digest === DB_UNAVAILABLE_DIGEST ? (
        <>
          <h1 className="text-ocean-950 text-3xl font-bold">We can&apos;t load this right now</h1>
          <p className="mt-4 text-lg text-slate-700">
            Our database isn&apos;t answering at the moment. Nothing you saved is lost: please try again in a
            few seconds.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-ocean-950 text-3xl font-bold">Something went wrong</h1>
          <p className="mt-4 text-lg text-slate-700">
            An unexpected error occurred. Please try again.
            {error.digest ? <span className="mt-2 block text-sm">Reference: {error.digest}</span> : null}
          </p>
        </>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Button size="lg" onClick={reset}>
          Try again
        </Button>
        <LinkButton href="/" size="lg" variant="secondary">
          Go to Homepage
        </LinkButton>
      </div>
    </div>
  );
}

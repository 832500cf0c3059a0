"use client";

import { useEffect } from "react";
import "./globals.css";

/** Last-resort boundary when the root layout itself fails: it must render its own <html> and <body>. */
export default function GlobalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error({ boundary: "app/global-error", digest: error.digest }, error);
  }, [error]);

  return (
    <html lang="en-AU">
      <body className="flex min-h-screen items-center justify-center bg-white p-6 text-slate-900">
        <main className="max-w-xl text-center">
          <h1 className="text-ocean-950 text-3xl font-bold">Something went wrong</h1>
          <p className="mt-4 text-lg text-slate-700">An unexpected error occurred. Please try again.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <button
              type="button"
              onClick={reset}
              className="bg-sunset-700 hover:bg-sunset-600 rounded-lg px-6 py-3 font-semibold text-white"
            >
              Try again
            </button>
            {/* A plain anchor: a full reload is the point when the app shell is broken. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a
              href="/"
              className="border-ocean-700 text-ocean-800 rounded-lg border-2 px-6 py-3 font-semibold"
            >
              Go to Homepage
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}

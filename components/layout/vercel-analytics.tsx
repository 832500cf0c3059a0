"use client";

import { lazy, Suspense } from "react";

// Vercel Analytics' component (about 4.6 kB of gzipped script), fetched only where it is rendered: on a
// Vercel build. Imported directly by the root layout, it was part of every page's script on any host,
// rendered or not (docs/performance.md#page-weight). It only injects Vercel's insights script after hydration, so loading it
// lazily changes nothing it measures.
const Analytics = lazy(() => import("@vercel/analytics/next").then((mod) => ({ default: mod.Analytics })));

export function VercelAnalytics() {
  return (
    <Suspense fallback={null}>
      <Analytics />
    </Suspense>
  );
}

"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";
import { toasterOptions } from "@/lib/toast-config";
import { isToasterWanted, subscribeToToaster } from "@/lib/toaster-signal";

// The one Toaster for the whole app, fetched with sonner on the first toast (lib/toast.ts asks for it).
// No toast is lost meanwhile: sonner keeps active toasts and replays them to the Toaster when it subscribes.
// React's own lazy, not next/dynamic: it is never rendered on the server (the server snapshot is false),
// and next/dynamic's loader would add its code to every page's script.
const Toaster = lazy(() => import("sonner").then((mod) => ({ default: mod.Toaster })));

export function AppToaster() {
  const wanted = useSyncExternalStore(subscribeToToaster, isToasterWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster {...toasterOptions} closeButton richColors />
    </Suspense>
  ) : null;
}

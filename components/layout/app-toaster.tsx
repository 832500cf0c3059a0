"use client";

import dynamic from "next/dynamic";
import { useSyncExternalStore } from "react";
import { toasterOptions } from "@/lib/toast-config";
import { isToasterWanted, subscribeToToaster } from "@/lib/toaster-signal";

// The one Toaster for the whole app, fetched with sonner on the first toast (lib/toast.ts asks for it).
// No toast is lost meanwhile: sonner keeps active toasts and replays them to the Toaster when it subscribes.
const Toaster = dynamic(() => import("sonner").then((mod) => mod.Toaster), { ssr: false });

export function AppToaster() {
  const wanted = useSyncExternalStore(subscribeToToaster, isToasterWanted, () => false);
  return wanted ? <Toaster {...toasterOptions} closeButton richColors /> : null;
}

"use client";

import dynamic from "next/dynamic";
import { toasterOptions } from "@/lib/toast-config";

// The one Toaster for the whole app. Public pages never toast on load, so sonner (~12 KB gzip) is fetched
// after hydration instead of blocking first paint. No toast is lost meanwhile: sonner keeps active toasts
// and replays them to the Toaster when it subscribes.
const Toaster = dynamic(() => import("sonner").then((mod) => mod.Toaster), { ssr: false });

export function AppToaster() {
  return <Toaster {...toasterOptions} closeButton richColors />;
}

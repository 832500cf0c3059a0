"use client";

import { lazy, Suspense, useLayoutEffect, useState, useSyncExternalStore } from "react";
import { toasterOptions, toastGap } from "@/lib/toast-config";
import { isToasterWanted, subscribeToToaster } from "@/lib/toaster-signal";

// The one Toaster for the whole app, fetched with sonner on the first toast (lib/toast.ts asks for it).
// No toast is lost meanwhile: sonner keeps active toasts and replays them to the Toaster when it subscribes.
// React's own lazy, not next/dynamic: it is never rendered on the server (the server snapshot is false),
// and next/dynamic's loader would add its code to every page's script.
const Toaster = lazy(() => import("sonner").then((mod) => ({ default: mod.Toaster })));

export function AppToaster() {
  const wanted = useSyncExternalStore(subscribeToToaster, isToasterWanted, () => false);
  const below = useTopBarHeight();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster
        {...toasterOptions}
        offset={{ top: below + toastGap.desktop }}
        mobileOffset={{ top: below + toastGap.phone }}
        closeButton
        richColors
      />
    </Suspense>
  ) : null;
}

/**
 * How tall the top bar is: toasts start below it, so a "New message" never covers the bar's Messages link,
 * Sign Out or the menu button. Followed as it changes (the weather arriving, a wider screen).
 */
function useTopBarHeight() {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const bar = document.querySelector(".site-header");
    if (!bar || typeof ResizeObserver === "undefined") return;
    const measure = () => setHeight(Math.ceil(bar.getBoundingClientRect().height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return height;
}

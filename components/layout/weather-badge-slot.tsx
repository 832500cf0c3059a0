"use client";

// weather (browse issue) ---------------------------------------------------------------------------------
import { useEffect, useState, type ComponentType } from "react";

/**
 * Where the weather badge goes (spec §2 top bar). The badge (TanStack Query) is fetched only after the
 * page is idle, so it adds nothing to the script a static public page loads first (the JS budget); the
 * box keeps its place meanwhile so the bar does not shift.
 */
export function WeatherBadgeSlot() {
  const [Badge, setBadge] = useState<ComponentType | null>(null);
  useEffect(() => {
    let cancelled = false;
    const load = () =>
      import("@/components/weather/weather-badge").then((m) => {
        if (!cancelled) setBadge(() => m.default);
      });
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    const handle = idle(() => void load());
    return () => {
      cancelled = true;
      window.cancelIdleCallback?.(handle);
    };
  }, []);
  return (
    <div data-slot="weather-badge" className="hidden min-h-7 min-w-0 sm:block" aria-live="polite">
      {Badge ? <Badge /> : null}
    </div>
  );
}

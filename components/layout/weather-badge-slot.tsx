"use client";

// weather (browse issue) ---------------------------------------------------------------------------------
import { useEffect, useState, type ComponentType } from "react";

/**
 * Where the weather badge goes (docs/product.md#weather). The badge (TanStack Query) is fetched only after the
 * page is idle, so it adds nothing to the script a static public page loads first (the JS budget); the
 * box keeps its place meanwhile so the bar does not shift. Below `sm` the slot is hidden (`.weather-slot`,
 * app/globals.css, which also hides it in a signed-in bar too narrow for it), so a phone loads neither the
 * badge's script nor the reading unless the window grows past it.
 */
export function WeatherBadgeSlot() {
  const [Badge, setBadge] = useState<ComponentType | null>(null);
  useEffect(() => {
    let cancelled = false;
    let handle: number | undefined;
    const load = () =>
      import("@/components/weather/weather-badge").then((m) => {
        if (!cancelled) setBadge(() => m.default);
      });
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    // Tailwind's `sm`, where the slot's `sm:block` shows it.
    const shown = window.matchMedia("(min-width: 40rem)");
    const loadWhenShown = () => {
      if (!shown.matches || handle !== undefined) return;
      handle = idle(() => void load());
      shown.removeEventListener("change", loadWhenShown);
    };
    loadWhenShown();
    shown.addEventListener("change", loadWhenShown);
    return () => {
      cancelled = true;
      shown.removeEventListener("change", loadWhenShown);
      if (handle !== undefined) window.cancelIdleCallback?.(handle);
    };
  }, []);
  return (
    <div data-slot="weather-badge" className="weather-slot" aria-live="polite">
      {Badge ? <Badge /> : null}
    </div>
  );
}

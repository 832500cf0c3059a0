/**
 * Where the weather badge goes (spec §2 top bar). The weather issue replaces this placeholder with the
 * live badge; until then it renders an empty, non-announced box so the bar's layout does not shift later.
 */
export function WeatherBadgeSlot() {
  return <div data-slot="weather-badge" className="hidden min-w-0 sm:block" aria-hidden="true" />;
}

import { toReading, weatherErrors, type WeatherReading } from "./reading";

/** A forecast step: the reading the dashboard shows, for a moment ahead, with the chance of rain. */
export type ForecastReading = WeatherReading & { at: string; rainChance: number };

/** A step is used for a start within 90 minutes of it: the forecast comes in 3-hour steps. */
const stepReachMs = 90 * 60_000;

/**
 * Maps the 5-day forecast reply (list[] of steps with dt, main, weather, wind, pop; city.name and
 * country) to readings. A reply without a list is a failed fetch; a step the reading cannot be made from
 * is left out rather than shown as zeros.
 */
export function toForecast(body: unknown): ForecastReading[] {
  const b = (body ?? {}) as { list?: unknown; city?: { name?: unknown; country?: unknown } };
  if (!Array.isArray(b.list)) throw new Error(weatherErrors.fetch);
  return b.list.flatMap((step: Record<string, unknown>): ForecastReading[] => {
    if (typeof step?.dt !== "number") return [];
    try {
      const reading = toReading({ ...step, name: b.city?.name, sys: { country: b.city?.country } });
      const pop = typeof step.pop === "number" && step.pop >= 0 && step.pop <= 1 ? step.pop : 0;
      return [{ ...reading, at: new Date(step.dt * 1000).toISOString(), rainChance: Math.round(pop * 100) }];
    } catch {
      return [];
    }
  });
}

/** The step nearest `at`, or null when none is within its reach (a start beyond the forecast, or past it). */
export function forecastAt(steps: ForecastReading[], at: Date): ForecastReading | null {
  let best: ForecastReading | null = null;
  for (const step of steps) {
    const gap = Math.abs(Date.parse(step.at) - at.getTime());
    if (gap <= stepReachMs && (!best || gap < Math.abs(Date.parse(best.at) - at.getTime()))) best = step;
  }
  return best;
}

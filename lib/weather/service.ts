import "server-only";
import { forecastAt, toForecast, type ForecastReading } from "./forecast";
import { toReading, weatherErrors, type WeatherReading } from "./reading";

/** Server-only settings: the key never leaves the server (no NEXT_PUBLIC_ prefix). */
export function weatherConfig() {
  return {
    key: process.env.WEATHER_API_KEY?.trim() || "",
    baseUrl: (process.env.WEATHER_API_URL?.trim() || "https://api.openweathermap.org/data/2.5").replace(
      /\/$/,
      "",
    ),
    // 15 minutes (docs/product.md#weather); tests set 0 to see each mode of the fake server at once.
    cacheMs: 1000 * Number(process.env.WEATHER_CACHE_SECONDS ?? 900),
  };
}

/** True when a key is set; without one every weather view says the data is unavailable. */
export const weatherConfigured = () => weatherConfig().key !== "";

const RETRIES = 2;
// Each try is bounded so a slow service costs a card a few seconds, never a page.
const ATTEMPT_TIMEOUT_MS = 2500;

type Entry = { at: number; reply: Promise<unknown> };
const globalForWeather = globalThis as unknown as { __weatherCache?: Map<string, Entry> };
const cache = (globalForWeather.__weatherCache ??= new Map());

function validPoint(lat: unknown, lon: unknown): lat is number {
  return (
    typeof lat === "number" &&
    typeof lon === "number" &&
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180
  );
}

async function fetchOnce<T>(url: string, parse: (body: unknown) => T): Promise<T> {
  const response = await fetch(url, { cache: "no-store", signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${weatherErrors.fetch}: HTTP ${response.status}`);
  return parse(await response.json());
}

async function fetchWithRetries<T>(url: string, parse: (body: unknown) => T): Promise<T> {
  let last: unknown;
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    try {
      return await fetchOnce(url, parse);
    } catch (error) {
      last = error;
    }
  }
  console.error("weather fetch failed", { message: (last as Error)?.message });
  throw new Error(weatherErrors.fetch);
}

/**
 * One of the service's replies for (lat, lon), metric, parsed. Cached per endpoint and point for 15
 * minutes; a failure is not cached, so the next view tries again. Throws "Location is required" or
 * "Weather data fetch failed".
 */
function cachedReply<T>(
  endpoint: "weather" | "forecast",
  lat: number,
  lon: number,
  parse: (body: unknown) => T,
) {
  if (!validPoint(lat, lon)) return Promise.reject(new Error(weatherErrors.location));
  const { key, baseUrl, cacheMs } = weatherConfig();
  if (!key) return Promise.reject(new Error(weatherErrors.fetch));
  const point = `${endpoint}:${lat.toFixed(2)},${lon.toFixed(2)}`;
  const hit = cache.get(point);
  if (hit && Date.now() - hit.at < cacheMs) return hit.reply as Promise<T>;

  const params = new URLSearchParams({ lat: String(lat), lon: String(lon), units: "metric", appid: key });
  const reply = fetchWithRetries(`${baseUrl}/${endpoint}?${params}`, parse);
  // Share the request in flight; drop it from the cache if it fails.
  if (cacheMs > 0) cache.set(point, { at: Date.now(), reply });
  reply.catch(() => {
    if (cache.get(point)?.reply === reply) cache.delete(point);
  });
  return reply;
}

/** Current weather at (lat, lon) (docs/product.md#weather). */
export function getWeather(lat: number, lon: number): Promise<WeatherReading> {
  return cachedReply("weather", lat, lon, toReading);
}

/**
 * The forecast at (lat, lon) for the 3-hour step nearest `at`, from the same service (its 5-day, 3-hour
 * forecast): null when `at` is beyond what it forecasts. Throws as getWeather does.
 */
export async function getForecast(lat: number, lon: number, at: Date): Promise<ForecastReading | null> {
  return forecastAt(await cachedReply("forecast", lat, lon, toForecast), at);
}

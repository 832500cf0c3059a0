/** The weather reading of docs/product.md#weather, derived from the service's current-weather reply. */
export type WeatherReading = {
  temperature: number;
  feelsLike: number;
  conditions: string;
  description: string;
  windSpeed: number;
  windDeg: number;
  humidity: number;
  icon: string;
  location: string;
  country: string;
};

export const weatherErrors = {
  location: "Location is required",
  fetch: "Weather data fetch failed",
} as const;

/** Shown by every weather view when there is no reading (no key, the service down, a bad reply). */
export const weatherUnavailable = "Weather data unavailable";

const iconBase = "https://openweathermap.org/img/wn";

/** The service's image path for an icon code, at twice the size (crisp on high-density screens). */
export const iconUrl = (code: string) => `${iconBase}/${encodeURIComponent(code)}@2x.png`;

/** m/s to km/h, rounded (docs/product.md#weather). */
export const kmh = (metresPerSecond: number) => Math.round(metresPerSecond * 3.6);

const num = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * Maps the reply (main.temp, main.feels_like, main.humidity, weather[0], wind, name, sys.country) to a
 * reading. A reply without the numbers the views show is a failed fetch, not a reading of zeros.
 */
export function toReading(body: unknown): WeatherReading {
  const b = (body ?? {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const main = b.main ?? {};
  const weather = Array.isArray(b.weather) ? (b.weather[0] ?? {}) : {};
  const temperature = num(main.temp);
  const feelsLike = num(main.feels_like);
  const humidity = num(main.humidity);
  const wind = num(b.wind?.speed);
  const conditions = str(weather.main);
  if (temperature === undefined || feelsLike === undefined || humidity === undefined) {
    throw new Error(weatherErrors.fetch);
  }
  if (wind === undefined || !conditions) throw new Error(weatherErrors.fetch);
  const icon = str(weather.icon);
  return {
    temperature: Math.round(temperature),
    feelsLike: Math.round(feelsLike),
    conditions,
    description: str(weather.description) ?? conditions.toLowerCase(),
    windSpeed: kmh(wind),
    windDeg: num(b.wind?.deg) ?? 0,
    humidity: Math.round(humidity),
    icon: icon && /^[0-9a-z]{2,4}$/.test(icon) ? iconUrl(icon) : "",
    location: str(b.name) ?? "",
    country: str(b.sys?.country) ?? "",
  };
}

import { describe, expect, it } from "vitest";
import { forecastAt, toForecast } from "./forecast";
import { weatherErrors } from "./reading";

const step = (iso: string, extra: Record<string, unknown> = {}) => ({
  dt: Date.parse(iso) / 1000,
  main: { temp: 22.4, feels_like: 23.1, humidity: 70 },
  weather: [{ main: "Rain", description: "light rain", icon: "10d" }],
  wind: { speed: 6, deg: 120 },
  pop: 0.42,
  ...extra,
});
const reply = (list: unknown[]) => ({ list, city: { name: "Noosa Heads", country: "AU" } });

describe("the forecast for a session's start", () => {
  it("reads each 3-hour step as the dashboard's reading, with the chance of rain", () => {
    const [first] = toForecast(reply([step("2026-11-29T18:00:00Z")]));
    expect(first).toMatchObject({
      at: "2026-11-29T18:00:00.000Z",
      temperature: 22,
      conditions: "Rain",
      description: "light rain",
      windSpeed: 22,
      rainChance: 42,
      location: "Noosa Heads",
    });
  });

  it("leaves out a step without the numbers, and refuses a reply without a list", () => {
    expect(toForecast(reply([step("2026-11-29T18:00:00Z", { main: {} }), { dt: "x" }]))).toEqual([]);
    expect(() => toForecast({ cod: "401" })).toThrow(weatherErrors.fetch);
  });

  it("takes the nearest step within 90 minutes of the start, and none beyond the forecast", () => {
    const steps = toForecast(reply([step("2026-11-29T18:00:00Z"), step("2026-11-29T21:00:00Z")]));
    expect(forecastAt(steps, new Date("2026-11-29T19:20:00Z"))?.at).toBe("2026-11-29T18:00:00.000Z");
    expect(forecastAt(steps, new Date("2026-11-29T19:40:00Z"))?.at).toBe("2026-11-29T21:00:00.000Z");
    expect(forecastAt(steps, new Date("2026-11-29T22:31:00Z"))).toBeNull();
    expect(forecastAt([], new Date("2026-11-29T19:00:00Z"))).toBeNull();
  });
});

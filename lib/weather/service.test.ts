import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getWeather } from "./service";

const good = {
  weather: [{ main: "Clear", description: "clear sky", icon: "01d" }],
  main: { temp: 25, feels_like: 26, humidity: 60 },
  wind: { speed: 3 },
  name: "Noosa",
  sys: { country: "AU" },
};
const ok = () => new Response(JSON.stringify(good), { status: 200 });
let lat = 10;

beforeEach(() => {
  vi.stubEnv("WEATHER_API_KEY", "k");
  vi.stubEnv("WEATHER_API_URL", "http://weather.test/data/2.5/");
  lat += 1; // a fresh point per test: the cache is per process
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe("weather service", () => {
  it("asks for the point in metric units with the key", async () => {
    const fetch = vi.fn(async () => ok());
    vi.stubGlobal("fetch", fetch);
    await expect(getWeather(lat, 153.09)).resolves.toMatchObject({ temperature: 25, windSpeed: 11 });
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]));
    expect(url.origin + url.pathname).toBe("http://weather.test/data/2.5/weather");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lat: String(lat),
      lon: "153.09",
      units: "metric",
      appid: "k",
    });
  });

  it("caches a reading for 15 minutes", async () => {
    const fetch = vi.fn(async () => ok());
    vi.stubGlobal("fetch", fetch);
    await getWeather(lat, 153);
    await getWeather(lat, 153);
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.useFakeTimers({ now: Date.now() + 15 * 60 * 1000 + 1 });
    await getWeather(lat, 153);
    vi.useRealTimers();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("retries twice, then fails with the product's message and caches nothing", async () => {
    const fetch = vi.fn(async () => new Response("oops", { status: 500 }));
    vi.stubGlobal("fetch", fetch);
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(getWeather(lat, 153)).rejects.toThrow("Weather data fetch failed");
    expect(fetch).toHaveBeenCalledTimes(3);
    fetch.mockImplementation(async () => ok());
    await expect(getWeather(lat, 153)).resolves.toMatchObject({ conditions: "Clear" });
  });

  it("recovers on a retry after a malformed reply", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response("{nope", { status: 200 }))
      .mockResolvedValueOnce(ok());
    vi.stubGlobal("fetch", fetch);
    await expect(getWeather(lat, 153)).resolves.toMatchObject({ location: "Noosa" });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("requires a location and a key", async () => {
    const fetch = vi.fn(async () => ok());
    vi.stubGlobal("fetch", fetch);
    await expect(getWeather(Number.NaN, 153)).rejects.toThrow("Location is required");
    await expect(getWeather(undefined as unknown as number, 153)).rejects.toThrow("Location is required");
    vi.stubEnv("WEATHER_API_KEY", "");
    await expect(getWeather(lat, 153)).rejects.toThrow("Weather data fetch failed");
    expect(fetch).not.toHaveBeenCalled();
  });
});

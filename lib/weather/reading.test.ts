import { describe, expect, it } from "vitest";
import { iconUrl, kmh, toReading, weatherErrors } from "./reading";

const reply = {
  weather: [{ main: "Rain", description: "light rain", icon: "10d" }],
  main: { temp: 21.5, feels_like: 20.49, humidity: 81 },
  wind: { speed: 4.2, deg: 130 },
  sys: { country: "AU" },
  name: "Noosa Heads",
};

describe("weather reading", () => {
  it("maps the reply to the reading of docs/product.md#weather", () => {
    expect(toReading(reply)).toEqual({
      temperature: 22,
      feelsLike: 20,
      conditions: "Rain",
      description: "light rain",
      windSpeed: 15, // 4.2 m/s × 3.6 = 15.12
      windDeg: 130,
      humidity: 81,
      icon: "https://openweathermap.org/img/wn/10d@2x.png",
      location: "Noosa Heads",
      country: "AU",
    });
  });

  it("converts wind m/s to rounded km/h", () => {
    expect(kmh(0)).toBe(0);
    expect(kmh(5.1)).toBe(18); // 18.36
    expect(kmh(2.5)).toBe(9); // 9.0
    expect(kmh(0.7)).toBe(3); // 2.52
  });

  it("rounds negative temperatures the usual way", () => {
    expect(toReading({ ...reply, main: { temp: -0.6, feels_like: -3.5, humidity: 50 } })).toMatchObject({
      temperature: -1,
      feelsLike: -3,
    });
  });

  it("treats a reply without the shown numbers as a failed fetch", () => {
    for (const bad of [null, {}, { ...reply, main: {} }, { ...reply, wind: {} }, { ...reply, weather: [] }]) {
      expect(() => toReading(bad)).toThrow(weatherErrors.fetch);
    }
  });

  it("keeps missing optional fields empty and refuses odd icon codes", () => {
    const r = toReading({
      ...reply,
      name: undefined,
      sys: undefined,
      weather: [{ main: "Clear", icon: "../x" }],
    });
    expect(r).toMatchObject({ location: "", country: "", icon: "", description: "clear" });
    expect(iconUrl("01n")).toBe("https://openweathermap.org/img/wn/01n@2x.png");
  });
});

import { expect } from "@playwright/test";

/** The fake weather server playwright.config.ts starts (same port rule). */
export const fakeWeatherUrl = `http://127.0.0.1:${Number(
  process.env.FAKE_WEATHER_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000,
)}`;

export type FakeWeatherMode = "normal" | "slow" | "error" | "malformed" | "missing";

/** Switches what the fake answers from now on (the app server does not cache in e2e). */
export async function setWeatherMode(mode: FakeWeatherMode) {
  const response = await fetch(`${fakeWeatherUrl}/__mode/${mode}`, { method: "PUT" });
  expect(response.status).toBe(204);
}

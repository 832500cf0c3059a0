import { expect, test, type Page } from "@playwright/test";
import { createAthlete } from "../support/db";
import { signInWithSession } from "../support/users";
import { setWeatherMode } from "../support/weather";

// The header badge and the dashboard card against the fake weather service (playwright.config.ts points
// the app at it, uncached). The badge is in the desktop top bar.
test.describe.configure({ timeout: 90_000 });
test.afterEach(async () => setWeatherMode("normal"));

const badge = (page: Page) => page.locator('[data-slot="weather-badge"]');

test("the badge shows the Noosa reading", async ({ page }) => {
  await setWeatherMode("normal");
  await page.goto("/about-noosa");
  await expect(badge(page)).toContainText("25°C");
  await expect(badge(page)).toContainText("Noosa · Clouds");
});

test("the badge says Loading weather... while the service is slow", async ({ page }) => {
  await setWeatherMode("slow");
  await page.goto("/");
  await expect(badge(page)).toContainText("Loading weather...");
  await expect(badge(page)).toContainText("25°C");
});

for (const mode of ["error", "malformed", "missing"] as const) {
  test(`the badge shows the error when the service answers ${mode}`, async ({ page }) => {
    await setWeatherMode(mode);
    await page.goto("/privacy-policy");
    await expect(badge(page)).toContainText("Error loading weather data", { timeout: 20_000 });
  });
}

test("the dashboard card shows the reading, and 'Weather data unavailable' on failure", async ({ page }) => {
  const athlete = await createAthlete();
  await setWeatherMode("normal");
  await signInWithSession(page, athlete, "/dashboard");
  const card = page.locator('[data-card="weather"]');
  await expect(card).toContainText("25°C");
  await expect(card).toContainText("Feels like25°C");
  await expect(card).toContainText("ConditionsClouds");
  await expect(card).toContainText("Wind18 km/h");
  await expect(card).toContainText("Humidity68%");

  await setWeatherMode("error");
  await page.reload();
  await expect(card).toContainText("Weather data unavailable");
  // The rest of the dashboard did not wait for the weather.
  await expect(page.locator('[data-card="profile"]')).toBeVisible();
});

test("a phone, where the badge is hidden, asks for no reading until the window is wide enough", async ({
  page,
}) => {
  await setWeatherMode("normal");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/weather") asked.push(request.url());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/about-noosa");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Long enough for the idle-time load the wide layout would have made.
  await page.waitForTimeout(1500);
  expect(asked).toEqual([]);
  await expect(badge(page)).toBeHidden();

  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(badge(page)).toContainText("25°C");
  expect(asked.length).toBeGreaterThan(0);
});

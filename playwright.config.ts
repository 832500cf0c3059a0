import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
// The fake weather service (e2e/support/fake-weather-server.ts) the app server is pointed at.
const weatherPort = Number(process.env.FAKE_WEATHER_PORT ?? port + 1000);
const fakeWeatherUrl = `http://127.0.0.1:${weatherPort}`;

// Specs that change what every other test sees: the stand-in's auth settings and rate limits, the fake
// weather's mode, Postgres itself (restarts, dropped sockets), or the whole listing. They run after the
// rest, one at a time; everything else makes its own users and teams and runs on two workers.
const serialSpecs = [
  "auth/sign-up-and-sign-in.spec.ts",
  "auth/links-and-reset.spec.ts",
  "security/email-limits.spec.ts",
  "browse/weather.spec.ts",
  "browse/empty-states.spec.ts",
  "messages/resilience.spec.ts",
];
const desktop = { ...devices["Desktop Chrome"], channel: undefined };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // Two workers (files in parallel, tests of one file in order): the browser, the app server and Postgres
  // share two cores, but much of a test's time is waiting on the other two.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: desktop, testIgnore: serialSpecs },
    { name: "serial", use: desktop, testMatch: serialSpecs, workers: 1, dependencies: ["desktop"] },
  ],
  // The production build, against the throwaway local stack that `npm run test:e2e` started around Playwright.
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : [
        {
          command: "node e2e/support/fake-weather-server.ts",
          url: `${fakeWeatherUrl}/`,
          reuseExistingServer: !process.env.CI,
          env: { FAKE_WEATHER_PORT: String(weatherPort) },
        },
        {
          // Runs inside `with-stack --test` (see the test:e2e script), which supplies the stack env.
          command: "npm run e2e:serve",
          url: `${baseURL}/`,
          timeout: 420_000,
          reuseExistingServer: !process.env.CI,
          stdout: "pipe",
          stderr: "pipe",
          env: {
            PORT: String(port),
            NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-e2e",
            // Weather from the fake, uncached so each test sees the mode it set.
            WEATHER_API_URL: fakeWeatherUrl,
            WEATHER_API_KEY: "e2e-fake-key",
            WEATHER_CACHE_SECONDS: "0",
          },
        },
      ],
});

import { defineConfig, devices } from "@playwright/test";
import { chromiumPath, fullChromiumPath } from "./e2e/support/chromium.ts";
import { pushEndpointCertificate, pushEndpointOrigin } from "./e2e/support/push-endpoint.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
// The fake weather service (e2e/support/fake-weather-server.ts) the app server is pointed at.
const weatherPort = Number(process.env.FAKE_WEATHER_PORT ?? port + 1000);
const fakeWeatherUrl = `http://127.0.0.1:${weatherPort}`;
// The suite's own push service (e2e/support/push-endpoint.ts): its certificate, for the app server to trust.
const pushCertificate = pushEndpointCertificate().certFile;
// The specs that turn notifications on (the push spec, and the sessions walk on a phone): the full Chromium's.
const fullChromiumSpecs = /(pwa\/push|sessions\/phone-walk)\.spec\.ts$/;
const browserArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // One worker: on two cores the app server, Postgres and the browser already share the machine (measured:
  // two workers took 1.4–1.8× as long as one for the same specs).
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // As a visitor who asked for reduced motion (the app honours it: app/globals.css, the logo). The header's
    // logo animates forever on every page otherwise, and headless Chromium paints it in software: measured,
    // ~6 s of CPU per 15 s per open page (0 under reduce), on two cores shared with the app and Postgres.
    // The animation itself is asserted in e2e/public/layout-shell.spec.ts, which asks for no-preference.
    reducedMotion: "reduce",
    // A trace is recorded only when a failed test is run again (CI retries once), not for every test in
    // case it fails: recording costs the browser CPU all along (measured 2026-11-26: the 61 tests of
    // e2e/profiles, messages and teams, build included, 5.6 min with no trace against 7.3 min recording
    // each). Locally, add `--trace retain-on-failure` to keep one for a failure.
    trace: "on-first-retry",
    // The site's service worker (public/sw.js) answers navigations once it controls a page, and Playwright's
    // request routing does not see what a worker fetches: specs run without it unless they test it
    // (e2e/pwa/, `test.use({ serviceWorkers: "allow" })`).
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: chromiumPath, args: browserArgs },
  },
  projects: [
    {
      name: "desktop",
      testIgnore: fullChromiumSpecs,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      // Notifications shown by the service worker: the headless shell refuses them, the full Chromium does not.
      name: "push",
      testMatch: fullChromiumSpecs,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        launchOptions: { executablePath: fullChromiumPath, args: browserArgs },
      },
    },
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
          // Runs inside `supabase-local --test` (see the test:e2e script), which supplies the stack env.
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
            // The browser stands in for a proxy in front of the app (lib/http/client-ip.ts): specs that need
            // their own visitor address send it in x-forwarded-for, as a proxy would append it.
            TRUSTED_PROXY: "127.0.0.1",
            // Web Push to the suite's own push service (e2e/pwa/push.spec.ts), over HTTPS it trusts.
            PUSH_ENDPOINT_ORIGINS: pushEndpointOrigin,
            NODE_EXTRA_CA_CERTS: pushCertificate,
          },
        },
      ],
});

import { writeFileSync, mkdirSync } from "node:fs";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb } from "../support/db";
import { createConfirmedUser } from "../support/users";
import { alerts, saveScreen } from "./alerts";

// From the urgent landing page's "Ask to join" to a sent request through "Continue with Google", on a
// phone and at a desktop: Supabase Auth's OAuth with PKCE against the stand-in, Google played by a real
// OpenID Provider (oidc-provider) on this machine. Taps, typed fields and page loads are counted for
// docs/performance.md#journeys.
const peregian = { id: "7ea40000-0000-4000-8000-000000000003", name: "Peregian Pace Setters" };
const intent = `/teams/${peregian.id}/join?as=runner`;
const landing = "/urgent-triathlon-team-noosa";

const screens = [
  { name: "pixel7", options: { ...devices["Pixel 7"] } },
  { name: "360", options: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } },
  { name: "desktop", options: { viewport: { width: 1280, height: 800 } } },
];

/**
 * Counts a journey as bench/measure/search-to-request.ts does: presses (a choice is one), fields typed
 * into, and page loads as every new address the phone shows (redirects on the way are not shown).
 */
function journey(page: Page) {
  const counts = { presses: 0, typedFields: 0, pageLoads: 0 };
  let shown = "";
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const at = new URL(frame.url());
    const address = at.origin + at.pathname + at.search;
    if (address !== shown) counts.pageLoads++;
    shown = address;
  });
  return {
    counts,
    tap: async (target: { click(): Promise<void> }) => {
      counts.presses++;
      await target.click();
    },
    type: async (target: { fill(value: string): Promise<void> }, value: string) => {
      counts.typedFields++;
      await target.fill(value);
    },
  };
}

async function open(browser: Browser, options: (typeof screens)[number]["options"]) {
  const context = await browser.newContext({ ...options, reducedMotion: "reduce" });
  return context.newPage();
}

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

const requestsOf = async (email: string) =>
  adminDb()`select m.status, m.role from public.team_members m
       join public.profiles p on p.id = m.profile_id
       join auth.users u on u.id = p.auth_id
       where u.email = ${email} and m.team_id = ${peregian.id}`;

function recordJourney(name: string, counts: object) {
  const dir = process.env.AUTH_SCREENS_DIR ?? "test-results/screens";
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/journey-${name}.json`, JSON.stringify(counts));
}

for (const { name, options } of screens) {
  test(`${name}: urgent landing page to a sent request with Continue with Google`, async ({ browser }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const email = `google-${name}-${stamp}@example.com`;
    const fullName = `Robin Google ${name === "360" ? "Small" : name === "pixel7" ? "Pixel" : "Desk"}`;
    const page = await open(browser, options);
    const { counts, tap, type } = journey(page);

    await page.goto(landing);
    await tap(page.getByRole("link", { name: `Ask to join as a runner: ${peregian.name}` }).first());

    // Sign-up, the team and leg named, "Continue with Google" first.
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(
      page.getByText("Create your account to ask Peregian Pace Setters to take you as their runner."),
    ).toBeVisible();
    const google = page.getByRole("button", { name: "Continue with Google" });
    await expect(google).toBeInViewport();
    await expect(page.getByRole("button", { name: "Continue with Apple" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await saveScreen(page, `google-signup-${name}`, false);

    if (name === "desktop") {
      // By keyboard: the button takes focus and Enter starts the round trip.
      await google.focus();
      await expect(google).toBeFocused();
      counts.presses++;
      await page.keyboard.press("Enter");
    } else await tap(google);

    // The provider's page (the local Google): choose or add an account.
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await saveScreen(page, `google-provider-${name}`, false);
    // A real Google account is picked with one press; this new address stands in for it (not counted as
    // fields: on Google the athlete's account is already there).
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Name").fill(fullName);
    await tap(page.getByRole("button", { name: "Continue", exact: true }));

    // Create profile: the provider's name and a username made from it already there.
    await expect(page).toHaveURL(`/create-profile?next=${encodeURIComponent(intent)}`, { timeout: 30_000 });
    const main = page.getByRole("main");
    await expect(
      main.getByText(/one press sends your request to Peregian Pace Setters as their runner/),
    ).toBeVisible();
    await expect(main.getByLabel("Full name")).toHaveValue(fullName);
    const username = fullName.toLowerCase().replace(/ /g, "_");
    await expect(main.getByLabel("Username")).toHaveValue(username);
    await expect(main.getByLabel("Specialty")).toHaveValue("runner");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await saveScreen(page, `google-create-profile-${name}`);

    // Only what Google cannot know: where, level, goals. (The username is this run's own.)
    await main.getByLabel("Username").fill(`${username}_${stamp}`);
    await type(main.getByLabel("Location"), "Peregian Beach");
    counts.presses++; // a choice is one press
    await main.getByLabel("Experience level").selectOption({ label: "Intermediate" });
    await type(main.getByLabel("Goals"), "Run the relay leg in under 50 minutes");
    await tap(main.getByRole("button", { name: "Create Profile" }));

    await expect(page).toHaveURL(intent, { timeout: 20_000 });
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Send your request to Peregian Pace Setters as a runner?",
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await tap(page.getByRole("button", { name: "Send request" }));
    await expect(page.getByRole("status").filter({ hasText: "Your request has been sent!" })).toBeVisible();
    await saveScreen(page, `google-sent-${name}`, false);
    expect(await requestsOf(email)).toEqual([{ status: "pending", role: "runner" }]);
    const [identity] =
      await adminDb()`select i.provider from auth.identities i join auth.users u on u.id = i.user_id
      where u.email = ${email}`;
    expect(identity).toEqual({ provider: "google" });
    recordJourney(`google-${name}`, counts);
    await page.context().close();
  });
}

test("refusing at Google comes back to sign-in with the team kept and a clear message", async ({ page }) => {
  await page.goto(`/auth?view=sign_in&next=${encodeURIComponent(intent)}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/auth\?view=sign_in/);
  expect(new URL(page.url()).searchParams.get("next")).toBe(intent);
  await expect(alerts(page)).toHaveText("Sign-in was cancelled. Choose how you'd like to continue.");
  await expect(
    page.getByText("Sign in to ask Peregian Pace Setters to take you as their runner."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreen(page, "google-cancelled-desktop", false);
});

test("an athlete with a password account signs in with Google and lands where they were going", async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await page.goto(`/auth?view=sign_in&next=${encodeURIComponent("/dashboard")}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByLabel("E-mail address").fill(user.email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  // No profile yet for this account: create-profile first, then the dashboard.
  await expect(page).toHaveURL(`/create-profile?next=${encodeURIComponent("/dashboard")}`, {
    timeout: 30_000,
  });
  const providers =
    await adminDb()`select i.provider from auth.identities i join auth.users u on u.id = i.user_id
    where u.email = ${user.email} order by 1`;
  expect(providers.map((p) => p.provider)).toEqual(["email", "google"]);
});

import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, signInWithSession } from "../support/users";

// Full-page screenshots of every profile screen at desktop and phone width, for people to look at
// (PROFILE_SCREENS_DIR, default test-results/profiles-screens). Read-only: the demo accounts are only
// viewed, never changed.
test.describe.configure({ timeout: 120_000 });

const viewports = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } };
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `${process.env.PROFILE_SCREENS_DIR ?? "test-results/profiles-screens"}/${name}.png`,
    fullPage: true,
  });

for (const [label, viewport] of Object.entries(viewports)) {
  test(`screens at ${label} width`, async ({ page }) => {
    await page.setViewportSize(viewport);

    await page.goto("/profile/e0000000-0000-4000-8000-000000000001");
    await expect(page.getByRole("heading", { level: 1, name: "Mia Lawson" })).toBeVisible();
    await shot(page, `public-profile-${label}`);

    await page.goto("/profile/e0000000-0000-4000-8000-000000000008");
    await expect(page.getByRole("heading", { name: "Profile Not Found" })).toBeVisible();
    await shot(page, `not-found-${label}`);

    // Ava (demo 7) has no profile: the create form, empty and after a submit with nothing filled in.
    await signInWithSession(page, { email: "ava@example.com", password: DEMO_PASSWORD }, "/create-profile");
    await expect(page).toHaveURL(/\/create-profile$/);
    await shot(page, `create-profile-${label}`);
    await page.getByRole("main").getByRole("button", { name: "Create Profile" }).click();
    await expect(page.getByText("Location is required")).toBeVisible();
    await shot(page, `create-profile-errors-${label}`);
    await page.context().clearCookies();

    // Mia (demo 1): her profile and the prefilled edit form (not submitted).
    await signInWithSession(page, { email: "mia@example.com", password: DEMO_PASSWORD }, "/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Your Profile" })).toBeVisible();
    await shot(page, `profile-${label}`);
    await page.goto("/edit-profile");
    await expect(page.getByRole("main").getByLabel("Username")).toHaveValue("mia_swims");
    await shot(page, `edit-profile-${label}`);
  });
}

test("social card image", async ({ page }) => {
  await page.goto("/profile/e0000000-0000-4000-8000-000000000001");
  const url = await page.locator('meta[property="og:image"]').first().getAttribute("content");
  const { pathname, search } = new URL(url!);
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.goto(pathname + search);
  await shot(page, "social-card");
});

import { expect, test, type Page } from "@playwright/test";
import { createAthlete, createTeam } from "../support/db";
import { signInWithSession } from "../support/users";

// Full-page screenshots for people to look at (BROWSE_SCREENS_DIR, default test-results/browse-screens).
test.describe.configure({ timeout: 120_000 });

const viewports = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } };
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `${process.env.BROWSE_SCREENS_DIR ?? "test-results/browse-screens"}/${name}.png`,
    fullPage: true,
  });

for (const [label, viewport] of Object.entries(viewports)) {
  test(`screens at ${label} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const me = await createAthlete({
      specialty: "cyclist",
      level: "advanced",
      fullName: `Casey Cyclist ${label}`,
    });
    await createTeam(me, {
      name: `Sunrise Relay ${label}`,
      roles: ["swimmer", "runner"],
      urgentRole: "swimmer",
    });

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "On Noosa Tri Teams right now" })).toBeVisible();
    await shot(page, `home-${label}`);
    await page.goto("/register-interest");
    await shot(page, `register-interest-${label}`);
    await page.goto("/browse");
    await expect(
      page.getByRole("region", { name: "Available Athletes" }).getByRole("article").first(),
    ).toBeVisible();
    await page.waitForTimeout(500);
    await shot(page, `browse-visitor-${label}`);

    await signInWithSession(page, me, "/dashboard");
    await expect(page.locator('[data-card="weather"]')).toContainText("Feels like");
    // Every card streamed in: no skeleton left.
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await shot(page, `dashboard-${label}`);
    await page.goto("/browse?role=swimmer");
    await expect(page.getByRole("region", { name: "Available Athletes" })).toBeVisible();
    await shot(page, `browse-signed-in-${label}`);
  });
}

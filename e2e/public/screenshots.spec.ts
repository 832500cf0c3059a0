import { expect, test, type Page } from "@playwright/test";

// Screenshots for people to look at (PUBLIC_SCREENS_DIR, default test-results/public-screens): the mobile
// menu open over the hero, the video cards and the 404 page, at phone and desktop width.
const viewports = { mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({
    path: `${process.env.PUBLIC_SCREENS_DIR ?? "test-results/public-screens"}/${name}.png`,
    fullPage,
  });

for (const [label, viewport] of Object.entries(viewports)) {
  test(`public screens at ${label} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    if (label === "mobile") {
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.getByTestId("mobile-nav-backdrop")).toBeVisible();
      await shot(page, `menu-open-${label}`);
      await page.keyboard.press("Escape");
    }
    const videos = page.getByRole("region", { name: "Race day in Noosa" });
    await videos.scrollIntoViewIfNeeded();
    await videos.screenshot({
      path: `${process.env.PUBLIC_SCREENS_DIR ?? "test-results/public-screens"}/videos-${label}.png`,
    });
    await page.goto("/about-noosa");
    await shot(page, `about-noosa-${label}`, true);
    await page.goto("/no-such-page");
    await shot(page, `not-found-${label}`);
  });
}

import type { Page } from "@playwright/test";

/** The page's own alerts (danger boxes), not Next's always-present route announcer (also role=alert). */
export function alerts(page: Page) {
  return page.locator('[role="alert"]:not(#__next-route-announcer__)');
}

/**
 * Saves a full-page screenshot for people to look at (not a visual assertion). Kept out of Playwright's
 * output folder, which every run empties; AUTH_SCREENS_DIR overrides the folder.
 */
export async function saveScreen(page: Page, name: string, fullPage = true) {
  await page.screenshot({
    path: `${process.env.AUTH_SCREENS_DIR ?? "test-results/screens"}/${name}.png`,
    fullPage,
  });
}

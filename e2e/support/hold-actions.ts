import type { Page } from "@playwright/test";

/**
 * Holds the server action POSTs to `url` until `release()` is called, so a test can see a form's busy
 * state ("Saving...") however fast the round trip is: on a loaded machine it can finish between two
 * polls of an assertion.
 */
export async function holdServerActions(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === "POST" && route.request().headers()["next-action"]) await held;
    await route.continue();
  });
  return release;
}

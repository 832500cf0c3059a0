import { devices, expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO_PASSWORD, signInWithSession } from "../support/users";

// Settings (notifications, the calendar feed, blocked athletes, the account) is one press from the menu and
// the tab bar on a phone and in the top bar on a tablet or desktop; it was once reachable only by typing its
// address.
const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices["Pixel 7"];
const mia = { email: "mia@example.com", password: DEMO_PASSWORD };

test("on a phone, Settings is in the menu", async ({ browser }) => {
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  const page = await context.newPage();
  await signInWithSession(page, mia, "/dashboard");
  // Closed, the menu's Settings is out of sight and the tab bar's is the one there; open, the menu covers
  // the page and the tab bar is hidden: one Settings on the screen at a time.
  const tabBar = page.getByRole("navigation", { name: "Tab bar" });
  await expect(tabBar.getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Settings" })).toBeHidden();
  await page.getByRole("banner").getByRole("button", { name: /^Menu/ }).click();
  await expect(tabBar).toBeHidden();
  await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await context.close();
});

// The tab bar's five places fit a 360 px phone and a Pixel 7: every label whole and inside the screen.
const phones = [
  { name: "Pixel 7", options: { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } },
  { name: "360 px", options: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } },
];
for (const { name, options } of phones) {
  test(`${name}: Settings is in the tab bar, which holds its five places on one screen`, async ({
    browser,
  }) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await signInWithSession(page, mia, "/dashboard");
    const bar = page.getByRole("navigation", { name: "Tab bar" });
    const tabs = bar.getByRole("link");
    await expect(tabs).toHaveText(["Dashboard", "Browse", "Teams", /^Messages/, "Settings"]);
    const width = page.viewportSize()!.width;
    for (const tab of await tabs.all()) {
      const label = tab.locator("span").first();
      const [box, text] = [(await tab.boundingBox())!, (await label.boundingBox())!];
      expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(width);
      // The label is not cut or wrapped: one line, inside its tab.
      expect(text.x).toBeGreaterThanOrEqual(box.x);
      expect(text.x + text.width).toBeLessThanOrEqual(box.x + box.width);
      expect(text.height).toBeLessThan(24);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await bar.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/settings-tab-bar-${name.replace(/\W+/g, "-")}.png` });
    await context.close();
  });
}

// 768 and 900 px: a tablet, where the bar once ran past the screen's edge (and left Settings out).
for (const width of [768, 900, 1024, 1280]) {
  test(`at ${width} px, Settings is in the top bar, which stays on one line`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signInWithSession(page, mia, "/dashboard");
    const settings = page.getByRole("banner").getByRole("link", { name: "Settings" });
    await expect(settings).toBeVisible();
    // The top bar's Settings only: no tab bar from md up.
    await expect(page.getByRole("navigation", { name: "Tab bar" })).toBeHidden();
    const signOut = page.getByRole("banner").getByRole("button", { name: "Sign Out" });
    const [a, b] = [(await settings.boundingBox())!, (await signOut.boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(8);
    expect(b.x + b.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await settings.click();
    await expect(page).toHaveURL(/\/settings$/);
    await expectNoAxeViolations(page);
    await context.close();
  });
}

import { devices, expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO_PASSWORD, signInWithSession } from "../support/users";

// Settings (notifications, the calendar feed, blocked athletes, the account) is one press from the menu on
// a phone and in the top bar on a desktop; it was once reachable only by typing its address.
const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices["Pixel 7"];
const mia = { email: "mia@example.com", password: DEMO_PASSWORD };

test("on a phone, Settings is in the menu", async ({ browser }) => {
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  const page = await context.newPage();
  await signInWithSession(page, mia, "/dashboard");
  await page.getByRole("banner").getByRole("button", { name: /^Menu/ }).click();
  await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await context.close();
});

for (const width of [1024, 1280]) {
  test(`at ${width} px, Settings is in the top bar, which stays on one line`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signInWithSession(page, mia, "/dashboard");
    const settings = page.getByRole("banner").getByRole("link", { name: "Settings" });
    await expect(settings).toBeVisible();
    const signOut = page.getByRole("banner").getByRole("button", { name: "Sign Out" });
    const [a, b] = [(await settings.boundingBox())!, (await signOut.boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(8);
    expect(b.x + b.width).toBeLessThanOrEqual(width);
    await settings.click();
    await expect(page).toHaveURL(/\/settings$/);
    await expectNoAxeViolations(page);
    await context.close();
  });
}

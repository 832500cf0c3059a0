import { devices, expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { signInWithSession } from "../support/users";
import { adminSql, conversationBetween, makeAthlete, waitForInbox } from "../messages/support";

// A toast never covers the top bar: a "New message" arriving on another page shows below it, so the bar's
// Messages link and Sign Out (on a phone: the menu button and the tab bar) stay in reach. Pixel 7 and desktop.
test.describe.configure({ timeout: 120_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

const pixel7 = { ...devices["Pixel 7"]! } as Partial<(typeof devices)["Pixel 7"]>;
delete pixel7.defaultBrowserType;
const screens = { "pixel-7": pixel7, desktop: { viewport: { width: 1280, height: 720 } } };

/** Whether a click at the middle of `target` would land on it (nothing drawn over it). */
async function reachable(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const handle = await target.elementHandle();
  return page.evaluate(
    ([x, y, el]) => {
      const hit = document.elementFromPoint(x as number, y as number);
      return !!hit && (el as Element).contains(hit);
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle] as const,
  );
}

for (const screen of Object.keys(screens) as (keyof typeof screens)[]) {
  test(`a New message toast shows below the top bar and covers none of its links (${screen})`, async ({
    browser,
  }) => {
    const me = await makeAthlete(sql, `Toni Toast ${screen}`);
    const other = await makeAthlete(sql, `Sam Sender ${screen}`);
    const id = await conversationBetween(sql, me, other);
    const context = await browser.newContext({ ...screens[screen], reducedMotion: "reduce" });
    const page = await context.newPage();
    await signInWithSession(page, me, "/dashboard");
    await waitForInbox(page);
    await sql`insert into public.messages (conversation_id, sender_id, content)
              values (${id}, ${other.profileId}, 'Bike check at 5?')`;
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "New message: Bike check at 5?" });
    await expect(toast).toBeVisible();
    // Still top-right (docs/product.md#limits), under the bar.
    await expect(
      page.locator('[data-sonner-toaster][data-y-position="top"][data-x-position="right"]'),
    ).toHaveCount(1);
    const banner = page.getByRole("banner");
    const [bar, box] = [(await banner.boundingBox())!, (await toast.boundingBox())!];
    expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    const links =
      screen === "desktop"
        ? [banner.getByRole("link", { name: /^Messages/ }), banner.getByRole("button", { name: "Sign Out" })]
        : [
            banner.getByRole("button", { name: /^Menu/ }),
            page.getByRole("navigation", { name: "Tab bar" }).getByRole("link", { name: /Messages/ }),
          ];
    for (const link of links) expect(await reachable(page, link)).toBe(true);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/toast-${screen}.png` });
    await context.close();
  });
}

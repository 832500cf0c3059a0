import { devices, expect, test, type ElementHandle, type Page } from "@playwright/test";
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

/**
 * In one step while the toast is on screen (it leaves after a few seconds, sooner than a slow machine may
 * take for several round trips): the toast's top, the top bar's bottom, and whether a click at the middle of
 * each target would land on it (nothing drawn over it).
 */
function layoutWithToast(page: Page, text: string, targets: ElementHandle[]) {
  return page.evaluate(
    ([text, targets]) => {
      const toast = [...document.querySelectorAll("[data-sonner-toast]")].find((t) =>
        t.textContent?.includes(text as string),
      );
      const reachable = (targets as Element[]).map((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return !!hit && el.contains(hit);
      });
      return {
        toastTop: toast ? toast.getBoundingClientRect().top : null,
        barBottom: document.querySelector("header")!.getBoundingClientRect().bottom,
        reachable,
      };
    },
    [text, targets] as const,
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
    const banner = page.getByRole("banner");
    const links =
      screen === "desktop"
        ? [banner.getByRole("link", { name: /^Messages/ }), banner.getByRole("button", { name: "Sign Out" })]
        : [
            banner.getByRole("button", { name: /^Menu/ }),
            page.getByRole("navigation", { name: "Tab bar" }).getByRole("link", { name: /Messages/ }),
          ];
    const targets = await Promise.all(links.map((l) => l.elementHandle({ timeout: 10_000 })));
    await sql`insert into public.messages (conversation_id, sender_id, content)
              values (${id}, ${other.profileId}, 'Bike check at 5?')`;
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "New message: Bike check at 5?" });
    await expect(toast).toBeVisible();
    const layout = await layoutWithToast(page, "New message: Bike check at 5?", targets);
    expect(layout.toastTop).not.toBeNull();
    expect(layout.toastTop!).toBeGreaterThanOrEqual(layout.barBottom);
    expect(layout.reachable).toEqual(targets.map(() => true));
    // Still top-right (docs/product.md#limits), under the bar.
    await expect(
      page.locator('[data-sonner-toaster][data-y-position="top"][data-x-position="right"]'),
    ).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/toast-${screen}.png` });
    await context.close();
  });
}

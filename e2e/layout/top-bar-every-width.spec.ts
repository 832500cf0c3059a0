import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { signInWithSession } from "../support/users";
import { adminSql, conversationBetween, makeAthlete } from "../messages/support";

// A signed-in athlete's top bar at every width from a 360 px phone to a 1440 px desktop: nothing runs past
// the screen's edge, every link and Sign Out stay on one line, and the weather never runs under the links.
// It once wrapped "Sign Out" onto two lines at 1280 px, ran Sign Out off an 800 px screen and squeezed the
// weather under Home at 1024 px. The widest case: "99+" unread beside Messages.
test.describe.configure({ timeout: 180_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

// Every 8 px, and each side of the breakpoints where the bar changes (md 768, lg 1024, xl 1280).
const widths = [
  ...new Set([
    ...Array.from({ length: (1440 - 360) / 8 + 1 }, (_, i) => 360 + i * 8),
    639,
    640,
    767,
    768,
    1023,
    1024,
    1279,
    1280,
  ]),
].sort((a, b) => a - b);

type Bar = {
  scrollWidth: number;
  outside: string[];
  wrapped: string[];
  weatherOverlap: number;
  signOut: { lines: number; right: number } | null;
};

/** What the top bar looks like at the current width (the verdicts are made by the test). */
function measure(page: Page): Promise<Bar> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const header = document.querySelector("header")!;
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true });
    const name = (el: Element) => (el.textContent ?? "").trim().slice(0, 24) || el.tagName;
    const outside = [...header.querySelectorAll("*")]
      .filter(shown)
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.left < -0.5 || box.right > width + 0.5);
      })
      .map(name);
    // The most lines any one visible run of text in `el` takes (a badge beside a word is not a second line).
    const lines = (el: Element) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let most = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || !shown(node.parentElement!)) continue;
        if (getComputedStyle(node.parentElement!).position === "absolute") continue; // visually hidden words
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
        most = Math.max(most, new Set(tops).size);
      }
      return most;
    };
    const controls = [...header.querySelectorAll("nav a, nav button")].filter(shown);
    const wrapped = controls.filter((el) => lines(el) > 1).map(name);
    const weather = header.querySelector("[data-slot='weather-badge']");
    const weatherRight =
      weather && shown(weather)
        ? Math.max(
            ...[weather, ...weather.querySelectorAll("*")].map((el) => el.getBoundingClientRect().right),
          )
        : -Infinity;
    const linksLeft = Math.min(...controls.map((el) => el.getBoundingClientRect().left));
    const signOut = controls.find((el) => el.textContent?.trim() === "Sign Out");
    return {
      scrollWidth: document.documentElement.scrollWidth,
      outside,
      wrapped,
      weatherOverlap: Math.max(0, weatherRight - linksLeft),
      signOut: signOut ? { lines: lines(signOut), right: signOut.getBoundingClientRect().right } : null,
    };
  });
}

test("signed in, the top bar fits every width from 360 to 1440 px, Sign Out on one line", async ({
  page,
}) => {
  const reader = await makeAthlete(sql, "Wide Reader");
  const writer = await makeAthlete(sql, "Many Messages");
  const id = await conversationBetween(sql, reader, writer);
  await sql`insert into public.messages (conversation_id, sender_id, content)
            select ${id}, ${writer.profileId}, 'Message ' || n from generate_series(1, 100) n`;
  await page.setViewportSize({ width: 1440, height: 800 });
  await signInWithSession(page, reader, "/profile");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: /^Messages/ })).toContainText("99+", {
    timeout: 30_000,
  });
  await expect(banner.locator("[data-slot='weather-badge']")).toContainText("°C");

  const seen: Record<string, number> = {};
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    const bar = await measure(page);
    expect(bar.scrollWidth, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
    expect(bar.outside, `past the screen's edge at ${width} px`).toEqual([]);
    expect(bar.wrapped, `on two lines at ${width} px`).toEqual([]);
    expect(bar.weatherOverlap, `the weather runs under the links at ${width} px`).toBe(0);
    if (width >= 768) {
      // From md up every link is in the bar itself: Sign Out is there, on one line, inside the screen.
      expect(bar.signOut, `no Sign Out at ${width} px`).not.toBeNull();
      expect(bar.signOut!.lines, `Sign Out on ${bar.signOut!.lines} lines at ${width} px`).toBe(1);
      expect(bar.signOut!.right).toBeLessThanOrEqual(width);
      seen.bar = (seen.bar ?? 0) + 1;
    } else {
      expect(bar.signOut, `Sign Out shown outside the menu at ${width} px`).toBeNull();
      seen.menu = (seen.menu ?? 0) + 1;
    }
  }
  expect(seen.bar).toBeGreaterThan(0);
  expect(seen.menu).toBeGreaterThan(0);

  // Below md, Sign Out is in the menu: one line and inside a 360 px screen there too.
  await page.setViewportSize({ width: 360, height: 800 });
  await banner.getByRole("button", { name: /^Menu/ }).click();
  const signOut = banner.getByRole("button", { name: "Sign Out" });
  await expect(signOut).toBeVisible();
  const opened = await measure(page);
  expect(opened.outside).toEqual([]);
  expect(opened.wrapped).toEqual([]);
  expect(opened.signOut).toEqual({ lines: 1, right: expect.any(Number) });
  expect(opened.signOut!.right).toBeLessThanOrEqual(360);
  await page.keyboard.press("Escape");

  for (const width of [360, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({
      path: `test-results/top-bar-signed-in-${width}.png`,
      clip: { x: 0, y: 0, width, height: 80 },
    });
  }
  await expectNoAxeViolations(page);
});

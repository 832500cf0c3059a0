import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { signInWithSession, DEMO_PASSWORD } from "../support/users";

// An urgent landing page and Browse on a phone: what a visitor from a search sees first, on a Pixel 7 and
// on a 360 px Android, by touch and by keyboard; and the same screens on a desktop, for the screenshots
// (BROWSE_SCREENS_DIR, default test-results/browse-screens).
test.describe.configure({ timeout: 180_000 });

const screens = process.env.BROWSE_SCREENS_DIR ?? "test-results/browse-screens";
const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices["Pixel 7"];
const pixel7 = { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch };
const phones = [
  { name: "pixel7", options: pixel7 },
  {
    name: "360",
    options: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  },
  { name: "desktop", options: { viewport: { width: 1280, height: 900 } } },
];

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: `${screens}/${name}-first-screen.png` });
  await page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });
};

/** Presses Tab until `target` has focus (at most `max` times). */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, max = 40) {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

async function open(browser: Browser, options: object) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

for (const { name, options } of phones) {
  test(`${name}: an urgent landing page opens on the live urgent teams, each one press from asking to join`, async ({
    browser,
  }) => {
    const { context, page } = await open(browser, options);
    await page.goto("/urgent-triathlon-team-noosa");
    const urgent = page.getByRole("region", { name: "Teams that need someone now" });
    const first = urgent.getByRole("listitem").first();
    // The first card and its action are on the first screen, before the page's own text.
    const ask = first.getByRole("link", { name: /^Ask to join as a (swimmer|cyclist|runner)/ });
    await expect(ask).toBeInViewport();
    await expect(first).toContainText(/Needs an? \w+ by \d{1,2} [A-Z][a-z]{2}/);
    const leg = /Ask to join as a (\w+)/.exec((await ask.textContent())!)![1]!;
    const teamId = (await first.getByRole("heading").getByRole("link").getAttribute("href"))!.split("/")[2]!;
    const intent = `/teams/${teamId}/join?as=${leg}`;
    // A visitor: through sign-up, which carries the team and the leg on to the confirm step.
    await expect(ask).toHaveAttribute("href", `/auth?view=sign_up&next=${encodeURIComponent(intent)}`);
    // Counts only when not zero; the main button leads to the teams that need the leading leg.
    const counts = page.getByRole("region", { name: "On Noosa Tri Teams right now" });
    await expect(counts.getByRole("listitem").first()).toBeVisible();
    for (const text of await counts.getByRole("listitem").allTextContents()) expect(text).not.toMatch(/^0 /);
    const main = page.getByRole("link", { name: /^See teams that need a (swimmer|cyclist|runner)$/ });
    await expect(main).toHaveAttribute("href", /^\/browse\?role=(swimmer|cyclist|runner)#teams$/);
    await expectNoAxeViolations(page);
    await shot(page, `landing-urgent-${name}`);

    // By keyboard: the card's action is reached with Tab and followed with Enter.
    await tabTo(page, ask);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/auth?view=sign_up&next=${encodeURIComponent(intent)}`);

    // Signed in, the same card leads straight to the confirm step.
    await signInWithSession(page, { email: "liam@example.com", password: DEMO_PASSWORD }, "/dashboard");
    await page.goto("/urgent-triathlon-team-noosa");
    await expect(
      page
        .getByRole("region", { name: "Teams that need someone now" })
        .getByRole("link", { name: new RegExp(`^Ask to join as a ${leg}`) })
        .first(),
    ).toHaveAttribute("href", intent);
    await context.close();
  });

  test(`${name}: Browse opens on its results, with the switch, the chips and compact cards`, async ({
    browser,
  }) => {
    const { context, page } = await open(browser, options);
    const teams = page.getByRole("region", { name: "Available Teams" });
    // A spec before this one may have emptied the listings straight in SQL, which visitors' cached /browse
    // shows for up to 5 s after they are back.
    await expect(async () => {
      await page.goto("/browse");
      await expect(teams.getByRole("article").first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const sections = page.getByRole("navigation", { name: "Sections" });
    const teamsLink = sections.getByRole("link", { name: /^Teams \d+$/ });
    await expect(teamsLink).toBeInViewport();
    // The first team, its name and its action, are on the first screen; the card is the spec's team card:
    // Looking for, Experience Level, Training Schedule, "Join as" and Request to Join Team.
    const card = teams.getByRole("article").first();
    await expect(card.getByRole("heading")).toBeInViewport();
    for (const term of ["Looking for", "Experience Level", "Training Schedule"]) {
      await expect(card.getByRole("term").filter({ hasText: term })).toBeVisible();
    }
    await expect(card.getByLabel("Join as")).toBeVisible();
    // "Join as" offers exactly the legs the team is looking for: never a covered one.
    const lookingFor = await card.getByRole("definition").first().innerText();
    expect((await card.getByLabel("Join as").locator("option").allInnerTexts()).join(", ")).toBe(lookingFor);
    const request = card.getByRole("button", { name: "Request to Join Team" });
    await expect(request).toHaveCount(1);
    // The facts make the card taller than a phone's first screen: its button is one short scroll away.
    await request.scrollIntoViewIfNeeded();
    await expect(request).toBeInViewport();
    await expectNoAxeViolations(page);
    await shot(page, `browse-${name}`);

    // The switch says how many athletes there are and jumps to them.
    await sections.getByRole("link", { name: /^Athletes \d+$/ }).click();
    await expect(page.getByRole("heading", { name: "Available Athletes" })).toBeInViewport();
    const athlete = page.getByRole("region", { name: "Available Athletes" }).getByRole("article").first();
    await expect(athlete.getByRole("button", { name: "Send Message" })).toBeVisible();

    // Every chip is whole on the screen (the Level row once ran off a 360 px screen's edge).
    await page.goto("/browse");
    const screenWidth = page.viewportSize()!.width;
    const chips = page.getByRole("navigation", { name: "Filter listings" }).getByRole("listitem");
    expect(await chips.count()).toBeGreaterThan(5);
    for (const chip of await chips.all()) {
      const box = (await chip.boundingBox())!;
      expect(box.x, await chip.innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await chip.innerText()).toBeLessThanOrEqual(screenWidth);
    }

    // By keyboard: a chip is a link; Enter applies it at once.
    const runner = page
      .getByRole("navigation", { name: "Filter listings" })
      .getByRole("link", { name: "Runner", exact: true });
    await tabTo(page, runner);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/browse\?role=runner$/);
    await expect(teams.getByText("Teams that need a runner")).toBeVisible();
    await expect(runner).toHaveAttribute("aria-current", "true");
    await expectNoAxeViolations(page);
    await shot(page, `browse-runner-${name}`);

    // A visitor's Request to Join Team: the toast, then sign-up, which keeps the team for afterwards.
    const teamHref = (await teams
      .getByRole("article")
      .first()
      .getByRole("heading")
      .getByRole("link")
      .getAttribute("href"))!;
    await teams.getByRole("article").first().getByRole("button", { name: "Request to Join Team" }).click();
    await expect(
      page.getByRole("region", { name: /^Notifications/ }).getByText("Please sign in to join a team"),
    ).toBeVisible();
    await expect(page).toHaveURL(
      new RegExp(
        `/auth\\?view=sign_up&next=${encodeURIComponent(`${teamHref}/join`).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
      ),
    );
    await context.close();
  });
  test(`${name}: a Browse page past the end says where each list ends and leads to its last page`, async ({
    browser,
  }) => {
    const { context, page } = await open(browser, options);
    await page.goto("/browse?ap=99&tp=99");
    const athletes = page.getByRole("region", { name: "Available Athletes" });
    const teams = page.getByRole("region", { name: "Available Teams" });
    for (const [region, what] of [
      [athletes, "athletes"],
      [teams, "open teams"],
    ] as const) {
      await expect(region.getByText(`This page is past the end of the ${what}`)).toBeVisible();
      // Never "Showing 66–66 of 66", "Page 7 of 6" or "No athletes are publicly listed".
      await expect(region.getByText(/^Showing /)).toHaveCount(0);
      await expect(region.getByText(/^Page \d+ of \d+$/)).toHaveCount(0);
      await expect(region.getByText(/No (athletes are publicly listed|open teams right now)/)).toHaveCount(0);
    }
    const width = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
    await shot(page, `browse-past-the-end-${name}`);
    const last = athletes.getByRole("link", { name: "Go to the last page" });
    await tabTo(page, last, 80);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/browse\?tp=99(&ap=\d+)?$/);
    await expect(athletes.getByRole("article").first()).toBeVisible();
    await expect(athletes.getByText(/^Showing \d+–\d+ of \d+ athletes?$/)).toBeVisible();
    await context.close();
  });
}

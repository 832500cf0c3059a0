import { devices, expect, test } from "@playwright/test";
import { longAuDate } from "../../lib/format/au-date.ts";
import { event } from "../../lib/site.ts";
import { expectNoAxeViolations, settleTransitions } from "../support/axe";
import { createAthlete } from "../support/db";
import { signInWithSession } from "../support/users";
import { setWeatherMode } from "../support/weather";
import { createTeamFor, db } from "../teams/team-support";
import { createAthlete as createTeamAthlete } from "../teams/team-support";

// What a signed-in athlete sees when something is missing or new: no weather (a quiet note, the product's
// texts), their first day ("Welcome"), and a date typed the Australian way. Screens go to
// CHAT_SCREENS_DIR (default test-results/chat-screens).
test.describe.configure({ timeout: 120_000 });
test.afterEach(async () => setWeatherMode("normal"));
const dir = process.env.CHAT_SCREENS_DIR ?? "test-results/chat-screens";

/** A device's context options (its browser choice is not one). */
function asContext(device: Record<string, unknown>) {
  const options = { ...device };
  delete options.defaultBrowserType;
  return options;
}

test("no weather: the header says so quietly, the dashboard card in one line; day one says Welcome", async ({
  browser,
}) => {
  await setWeatherMode("error");
  const me = await createAthlete({ fullName: "Quinn Firstday" });
  for (const [label, options] of [
    ["desktop", { viewport: { width: 1280, height: 900 } }],
    ["pixel-7", devices["Pixel 7"]!],
  ] as const) {
    const context = await browser.newContext({ ...asContext(options), reducedMotion: "reduce" });
    const page = await context.newPage();
    await signInWithSession(page, me, "/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Quinn Firstday" })).toBeVisible();
    const card = page.locator('[data-card="weather"]');
    await expect(card).toContainText("Weather data unavailable");
    if (label === "desktop") {
      const badge = page.locator('[data-slot="weather-badge"]');
      await expect(badge).toContainText("Error loading weather data", { timeout: 20_000 });
      // Small and calm: plain small text, no filled pill behind it.
      const look = await badge
        .locator("span")
        .first()
        .evaluate((el) => {
          const style = getComputedStyle(el);
          return { background: style.backgroundColor, size: parseFloat(style.fontSize) };
        });
      expect(look.background).toBe("rgba(0, 0, 0, 0)");
      expect(look.size).toBeLessThanOrEqual(12);
    }
    await settleTransitions(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${dir}/dashboard-no-weather-${label}.png` });
    await context.close();
  }
});

test("the urgent date is typed day first and read back in words, on a phone", async ({ browser }) => {
  const creator = await createTeamAthlete("cyclist", "datecaptain");
  const team = await createTeamFor(creator, { name: `Date Team ${creator.profileId.slice(0, 4)}` });
  const context = await browser.newContext({ ...asContext(devices["Pixel 7"]!), reducedMotion: "reduce" });
  const page = await context.newPage();
  await signInWithSession(page, creator, `/teams/${team.id}`);
  const field = page.getByLabel("Needed by");
  await expect(field).toHaveAttribute("placeholder", "dd/mm/yyyy");
  const today = (await db()`select (now() at time zone 'Australia/Brisbane')::date + 3 as d`)[0]!.d as Date;
  const typed = `${today.getUTCDate()}/${today.getUTCMonth() + 1}/${today.getUTCFullYear()}`;
  await page.getByLabel("Leg needed").selectOption("runner");
  await field.fill(typed);
  const words = new Intl.DateTimeFormat("en-AU", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  })
    .format(today)
    .replace(",", "");
  await expect(page.getByText(words, { exact: true })).toBeVisible();
  // Scrolled to as focus would: it stops above the tab bar, not under it.
  await field.evaluate((el) => el.scrollIntoView({ block: "nearest" }));
  const [fieldBox, barBox] = [
    await field.boundingBox(),
    await page.getByRole("navigation", { name: "Tab bar" }).boundingBox(),
  ];
  // (1 px for the bar's top border and rounding.)
  expect(fieldBox!.y + fieldBox!.height).toBeLessThanOrEqual(barBox!.y + 1);
  await page.screenshot({ path: `${dir}/urgent-date-pixel-7.png` });
  await page.getByRole("button", { name: "Save urgent need" }).click();
  await expect(page.getByText("Urgent need saved")).toBeVisible();
  const [row] = await db()`select urgent_role, urgent_by::text as by from public.teams where id = ${team.id}`;
  const iso = `${today.getUTCFullYear()}-${String(today.getUTCMonth() + 1).padStart(2, "0")}-${String(today.getUTCDate()).padStart(2, "0")}`;
  expect(row).toEqual({ urgent_role: "runner", by: iso });
  // A month-first date that cannot be a day is refused at the field, and nothing changes.
  await field.fill("11/28/2026");
  await page.getByRole("button", { name: "Save urgent need" }).click();
  await expect(page.getByText("Please choose a date")).toBeVisible();
  expect((await db()`select urgent_by::text as by from public.teams where id = ${team.id}`)[0]!.by).toBe(iso);
  // The day after race day is refused at the field in words, and nothing changes.
  const dayAfter = new Date(Date.parse(`${event.raceDay}T00:00:00Z`) + 86_400_000);
  await field.fill(`${dayAfter.getUTCDate()}/${dayAfter.getUTCMonth() + 1}/${dayAfter.getUTCFullYear()}`);
  await page.getByRole("button", { name: "Save urgent need" }).click();
  await expect(
    page.getByText(`The date must be on or before race day, ${longAuDate(event.raceDay)}`),
  ).toBeVisible();
  expect((await db()`select urgent_by::text as by from public.teams where id = ${team.id}`)[0]!.by).toBe(iso);
  await expectNoAxeViolations(page);
  await context.close();
});

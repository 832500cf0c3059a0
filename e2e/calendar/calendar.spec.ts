import {
  devices,
  expect,
  request as http,
  test,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "@playwright/test";
import { readFile } from "node:fs/promises";
import ICAL from "ical.js";
import { expectNoAxeViolations } from "../support/axe";
import { createAthlete, createTeamFor, db, signIn } from "../teams/team-support";

// The race in the calendar, in a real browser on a phone (Pixel 7) and a desktop: "Add to calendar" on a
// member's team page downloads an .ics a calendar parser reads; Settings → Calendar makes, copies and turns
// off the private feed link, and the feed follows the athlete's teams.
test.describe.configure({ timeout: 180_000 });

const screensDir = process.env.CALENDAR_SCREENS_DIR ?? "test-results/calendar-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screensDir}/${name}.png`, fullPage: true });

/** Presses Tab until `target` has focus (at most 60 times): the control is reachable by keyboard alone. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${String(target)} was not reached with Tab`);
}

function parse(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics));
  return root.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
}

/** A captain's team with a training schedule, a member in it and an athlete who is not. */
async function world(tag: string) {
  const captain = await createAthlete("cyclist", "captain");
  const team = await createTeamFor(captain, { name: `Cal, Relay; ${tag} ${captain.profileId.slice(0, 4)}` });
  await db()`update public.teams
             set training_schedule = '{"days": ["tuesday", "saturday"], "times": ["early_morning"]}'
             where id = ${team.id}`;
  const member = await createAthlete("swimmer", "member");
  await db()`insert into public.team_members (team_id, profile_id, role, status)
             values (${team.id}, ${member.profileId}, 'swimmer', 'active')`;
  const outsider = await createAthlete("runner", "outsider");
  return { captain, team, member, outsider };
}

// A device's page options, without its browser choice (a describe group cannot switch browsers).
function screen(name: string): BrowserContextOptions {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices[name]!;
  return { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch };
}
const phones = { pixel7: screen("Pixel 7"), desktop: screen("Desktop Chrome") };

for (const [label, device] of Object.entries(phones)) {
  test.describe(`at ${label}`, () => {
    test.use(device);

    test("Add to calendar: a member downloads the team's .ics by keyboard; others get no button and a 404", async ({
      page,
      browser,
    }) => {
      const { team, member, outsider } = await world(label);
      await signIn(page, member, `/teams/${team.id}`);
      const button = page.getByRole("link", { name: "Add to calendar" });
      await expect(button).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `team-add-to-calendar-${label}`);

      await tabTo(page, button);
      const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
      expect(download.suggestedFilename()).toBe(
        `cal-relay-${label}-${team.name.split(" ").pop()!.toLowerCase()}.ics`,
      );
      const ics = await readFile((await download.path())!, "utf8");
      const events = parse(ics);
      expect(events.map((e) => e.summary)).toEqual([
        `Noosa Triathlon: ${team.name} relay`,
        `${team.name}: team training`,
      ]);
      expect(events[0]!.startDate.isDate).toBe(true);
      expect(events[1]!.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe(
        "Australia/Brisbane",
      );
      expect(events[1]!.startDate.toString()).toMatch(/T05:30:00$/);
      expect((events[1]!.component.getFirstPropertyValue("rrule") as ICAL.Recur).parts.BYDAY).toEqual([
        "TU",
        "SA",
      ]);
      const res = await page.request.get(`/api/teams/${team.id}/calendar`);
      expect(res.headers()["content-type"]).toBe("text/calendar; charset=utf-8");

      // Someone signed in who is not in the team: no button, and the file is not theirs to have.
      const other = await browser.newContext({ ...device, reducedMotion: "reduce" });
      const otherPage = await other.newPage();
      await signIn(otherPage, outsider, `/teams/${team.id}`);
      await expect(otherPage.getByRole("heading", { name: team.name, level: 1 })).toBeVisible();
      await expect(otherPage.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
      expect((await otherPage.request.get(`/api/teams/${team.id}/calendar`)).status()).toBe(404);
      await other.close();
    });

    test("Settings → Calendar: make, copy and turn off the feed link; the feed follows the athlete's teams", async ({
      page,
      context,
    }) => {
      const { team, member, captain } = await world(`${label}s`);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await signIn(page, member, "/settings");
      const section = page.locator("section#calendar");
      await expect(section.getByRole("heading", { name: "Calendar" })).toBeVisible();
      await expect(section.getByText("You have no calendar link.")).toBeVisible();
      await expectNoAxeViolations(page);

      const make = section.getByRole("button", { name: "Make my calendar link" });
      await tabTo(page, make);
      await page.keyboard.press("Enter");
      const field = section.getByLabel("Your private calendar link");
      await expect(field).toBeVisible();
      await expect(field).toBeFocused();
      const url = await field.inputValue();
      expect(url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      const path = new URL(url).pathname;
      await expect(section.getByRole("link", { name: "Open in calendar app" })).toHaveAttribute(
        "href",
        url.replace(/^https?:/, "webcal:"),
      );
      await expectNoAxeViolations(page);
      await shot(page, `settings-calendar-link-${label}`);
      await section.screenshot({ path: `${screensDir}/settings-calendar-section-${label}.png` });
      if (label === "pixel7") {
        await page.setViewportSize({ width: 360, height: 780 });
        await shot(page, "settings-calendar-link-360");
        await section.screenshot({ path: `${screensDir}/settings-calendar-section-360.png` });
        await page.setViewportSize(device.viewport!);
      }

      await tabTo(page, section.getByRole("button", { name: "Copy link" }));
      await page.keyboard.press("Enter");
      await expect(section.getByRole("status")).toHaveText("Link copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

      // A calendar app: no cookies, only the link.
      const app = await http.newContext({ baseURL: page.url() });
      const feed = await app.get(path);
      expect(feed.status()).toBe(200);
      expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(parse(await feed.text()).map((e) => e.summary)).toContain(`${team.name}: team training`);
      // Leaving the team takes it out of the feed; the captain's other data never was in it.
      await db()`update public.team_members set status = 'left'
                 where team_id = ${team.id} and profile_id = ${member.profileId}`;
      const after = await (await app.get(path)).text();
      expect(parse(after)).toHaveLength(0);
      expect(after).not.toContain(team.name);
      expect(after).not.toContain(captain.fullName);

      // Reloaded, the link is not shown again (only its hash is kept).
      await page.reload();
      await expect(section.getByText(/Your calendar link is on \(made /)).toBeVisible();
      await expect(section.getByLabel("Your private calendar link")).toHaveCount(0);
      await shot(page, `settings-calendar-on-${label}`);
      await section.screenshot({ path: `${screensDir}/settings-calendar-on-section-${label}.png` });

      // A new link replaces the old one, after a second press: the old link then answers 404.
      await tabTo(page, section.getByRole("button", { name: "Make a new link" }));
      await page.keyboard.press("Enter");
      const makeNew = section.getByRole("button", { name: "Yes, make a new link" });
      await expect(makeNew).toBeFocused();
      await expect(
        section.getByText("Make a new link? Calendars subscribed to your current link stop updating."),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await section.screenshot({ path: `${screensDir}/settings-calendar-confirm-${label}.png` });
      await page.keyboard.press("Enter");
      await expect(field).toBeFocused();
      const newPath = new URL(await field.inputValue()).pathname;
      expect(newPath).not.toBe(path);
      expect((await app.get(path)).status()).toBe(404);
      expect((await app.get(newPath)).status()).toBe(200);

      // Turning off: Cancel keeps it (focus goes back), then the second press ends it.
      const off = section.getByRole("button", { name: "Turn off link" });
      await tabTo(page, off);
      await page.keyboard.press("Enter");
      const turnOff = section.getByRole("button", { name: "Yes, turn it off" });
      await expect(turnOff).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(section.getByRole("button", { name: "Cancel" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(off).toBeFocused();
      await expect(turnOff).toHaveCount(0);
      expect((await app.get(newPath)).status()).toBe(200);
      await page.keyboard.press("Enter");
      await expect(turnOff).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(section.getByRole("status")).toHaveText(
        "Calendar link turned off. Calendars subscribed to it stop updating.",
      );
      await expect(section.getByText("You have no calendar link.")).toBeVisible();
      expect((await app.get(path)).status()).toBe(404);
      const gone = await app.get(newPath);
      expect(gone.status()).toBe(404);
      expect(await gone.text()).toBe("Not found\n");
      await expectNoAxeViolations(page);
      await app.dispose();
    });
  });
}

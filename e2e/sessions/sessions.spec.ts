import { randomUUID } from "node:crypto";
import { devices, expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb, createAthlete, type TestAthlete } from "../support/db";
import { DEMO_PASSWORD, signInWithSession } from "../support/users";
import { setWeatherMode } from "../support/weather";

// Training sessions (docs/product.md#training-sessions) on a phone: post one, take its last place, join the
// waitlist of a full one, get the freed place, and the weather call; /sessions signed out; the same screens
// at 360 px and on a desktop, with axe and the keyboard.
const screensDir = process.env.SESSIONS_SCREENS_DIR ?? "test-results/sessions-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screensDir}/${name}.png`, fullPage: true });

/** A session posted by `host` through the SQL function, as the form would; its first date's id. */
async function postSession(host: TestAthlete, over: Record<string, unknown> = {}): Promise<string> {
  const db = adminDb();
  const [day] = await db<
    { d: string }[]
  >`select ((now() at time zone 'Australia/Brisbane')::date + 2)::text as d`;
  const input = {
    title: `Dawn swim ${randomUUID().slice(0, 4)}`,
    sport: "open_water_swim",
    meeting_point: "noosa_main_beach",
    meeting_note: "Look for the blue flag",
    duration_minutes: 60,
    level: "all",
    places: 1,
    first_day: day!.d,
    local_time: "05:45",
    pace_unit: "per_100m",
    pace_from: 100,
    pace_to: 120,
    ...over,
  };
  const [row] = await db.begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: host.id, role: "authenticated" })}, true)`;
    await tx`set local role authenticated`;
    return tx<
      { r: { occurrence_id: string } }[]
    >`select public.create_training_session(${tx.json(input)}) as r`;
  });
  return row!.r.occurrence_id;
}

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

// The phone's viewport, touch and user agent; its browser type is the project's (a describe cannot switch it).
const { defaultBrowserType: _browser, ...pixel7 } = devices["Pixel 7"];
void _browser;

test.describe("on a Pixel 7", () => {
  test.use(pixel7);

  test("post a session; the last place, the waitlist, the freed place and the weather call", async ({
    browser,
  }) => {
    // A long walk, with several athletes each in a browser of their own: minutes on a busy two-core machine.
    test.setTimeout(240_000);
    const host = await createAthlete({ fullName: "Hana Host" });
    const first = await createAthlete({ fullName: "Fred First" });
    const second = await createAthlete({ fullName: "Sam Second" });
    const ctx = () => browser.newContext(pixel7);

    // The host posts through the form.
    const hostPage = await (await ctx()).newPage();
    await signInWithSession(hostPage, host, "/sessions/new");
    await expectNoAxeViolations(hostPage);
    await shot(hostPage, "new-session-pixel7");
    const title = `Main Beach dawn swim ${randomUUID().slice(0, 4)}`;
    await hostPage.getByLabel("Title").fill(title);
    await hostPage.getByLabel("Places").fill("0");
    await hostPage.getByRole("button", { name: "Post session" }).click();
    await expect(hostPage.getByText("At least 1 place")).toBeVisible();
    await hostPage.getByLabel("Places").fill("1");
    await hostPage.getByRole("button", { name: "Post session" }).click();
    await expect(hostPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(hostPage.getByText("You're hosting this session.")).toBeVisible();
    const sessionUrl = hostPage.url();
    const path = new URL(sessionUrl).pathname;

    // Signed out, it is listed with its one place, and its page has an Event.
    const visitor = await (await ctx()).newPage();
    await visitor.goto("/sessions?sport=open_water_swim");
    await expect(visitor.getByRole("link", { name: title })).toBeVisible();
    await expectNoAxeViolations(visitor);
    await noSidewaysScroll(visitor);
    await shot(visitor, "sessions-list-pixel7");
    await visitor.goto(path);
    const ld = JSON.parse(
      (await visitor.locator('script[type="application/ld+json"]').first().textContent())!,
    );
    expect(ld).toMatchObject({
      "@type": "Event",
      name: title,
      eventStatus: "https://schema.org/EventScheduled",
    });
    await expect(visitor.getByRole("link", { name: "Sign in to take a place" })).toBeVisible();

    // The first athlete takes the last place, by keyboard.
    const a = await (await ctx()).newPage();
    await signInWithSession(a, first, path);
    const take = a.getByRole("button", { name: "Take a place" });
    await take.focus();
    await a.keyboard.press("Enter");
    await expect(a.getByText("You're going. See you there!")).toBeVisible();
    await expect(a.getByText("You're going.", { exact: true })).toBeVisible();
    await expectNoAxeViolations(a);
    await shot(a, "session-going-pixel7");

    // The second finds it full and joins the waitlist.
    const b = await (await ctx()).newPage();
    await signInWithSession(b, second, "/sessions");
    await expect(b.getByText("Full: join the waitlist").first()).toBeVisible();
    await b.goto(path);
    await b.getByRole("button", { name: "Full: join the waitlist" }).click();
    await expect(b.getByText(/you're on the waitlist/i).first()).toBeVisible();
    await shot(b, "session-waitlisted-pixel7");

    // The first leaves: the place is held for the second, who takes it.
    await a.getByRole("button", { name: "Leave this session" }).click();
    await expect(a.getByText("You've left this session.")).toBeVisible();
    await b.reload();
    await expect(b.getByText(/A place is held for you until/)).toBeVisible();
    await expectNoAxeViolations(b);
    await shot(b, "session-offered-pixel7");
    await b.getByRole("button", { name: "Take the place" }).click();
    await expect(b.getByText("You're going. See you there!")).toBeVisible();
    const [offer] = await adminDb()<{ n: number }[]>`
      select count(*)::int as n from private.notification_outbox
      where kind = 'session_offer' and recipient_id = ${second.profileId}`;
    expect(offer!.n).toBe(1);

    // The host cancels it for the weather: the page and its Event say so.
    await hostPage.reload();
    await expectNoAxeViolations(hostPage);
    await shot(hostPage, "session-host-pixel7");
    await hostPage.getByRole("button", { name: "Cancel for weather" }).click();
    await expect(hostPage.getByText("Cancelled for the weather: everyone has been told.")).toBeVisible();
    await b.reload();
    await expect(b.getByText("This session is cancelled.")).toBeVisible();
    const after = JSON.parse((await b.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(after.eventStatus).toBe("https://schema.org/EventCancelled");
    const [notice] = await adminDb()<{ n: number }[]>`
      select count(*)::int as n from private.notification_outbox
      where kind = 'session_change' and recipient_id = ${second.profileId}`;
    expect(notice!.n).toBe(1);

    // The dashboard's next session, and the sitemap.
    await b.goto("/dashboard");
    await expect(b.getByRole("heading", { name: "Your next session" })).toBeVisible();
    const sitemap = await (await visitor.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/sessions</loc>");
  });
});

test.describe("the host's weather call on a Pixel 7", () => {
  test.use(pixel7);

  test("the host sees an answer live; the forecast for the start shows; the host moves the date for the weather", async ({
    browser,
  }) => {
    await setWeatherMode("normal");
    const host = await createAthlete({ fullName: "Moira Mover" });
    const going = await createAthlete({ fullName: "Gus Going" });
    const occ = await postSession(host, { places: 3 });
    // The host's page is open while the athlete answers: it follows the answer live, never reloaded.
    const page = await (await browser.newContext(pixel7)).newPage();
    await signInWithSession(page, host, `/sessions/${occ}`);
    await expect(page.getByText("0 going of 3")).toBeVisible();
    const athlete = await (await browser.newContext(pixel7)).newPage();
    await signInWithSession(athlete, going, `/sessions/${occ}`);
    await athlete.getByRole("button", { name: "Take a place" }).click();
    await expect(athlete.getByText("You're going. See you there!")).toBeVisible();
    await expect(page.getByText("1 going of 3")).toBeVisible();
    // The fake service forecasts light rain for the next five days.
    await expect(athlete.getByText("Forecast for the start")).toBeVisible();
    await expect(athlete.getByText(/light rain · wind 22 km\/h · 40% chance of rain/)).toBeVisible();

    await page.getByText("Move this date").click();
    const day = page.getByLabel("New day");
    const [row] = await adminDb()<{ d: string }[]>`
      select ((now() at time zone 'Australia/Brisbane')::date + 3)::text as d`;
    // Bad input: a clear message, nothing written, what was typed kept.
    await day.fill("");
    await page.getByLabel("Start").fill("07:15");
    await page.getByRole("button", { name: "Move and tell everyone" }).click();
    await expect(page.getByText("Choose the day")).toBeVisible();
    await expect(page.getByLabel("Start")).toHaveValue("07:15");
    await day.fill(row!.d);
    await page.getByLabel("Meeting point").selectOption({ label: "Noosa Woods, river mouth" });
    await expect(page.getByLabel(/Because of the weather/)).toBeChecked();
    await expectNoAxeViolations(page);
    await noSidewaysScroll(page);
    await shot(page, "session-move-pixel7");
    await page.getByRole("button", { name: "Move and tell everyone" }).click();
    await expect(page.getByText("Moved: everyone going or waiting has been told.")).toBeVisible();

    await athlete.reload();
    await expect(athlete.getByText("Moved", { exact: true })).toBeVisible();
    await expect(athlete.getByText(/7:15 am/).first()).toBeVisible();
    await expect(athlete.getByText(/Noosa Woods, river mouth/).first()).toBeVisible();
    await shot(athlete, "session-moved-pixel7");
    const notices = await adminDb()<{ detail: string }[]>`
      select detail from private.notification_outbox
      where kind = 'session_change' and recipient_id = ${going.profileId} and session_occurrence_id = ${occ}`;
    expect(notices.map((n) => JSON.parse(n.detail))).toMatchObject([{ what: "moved", reason: "weather" }]);
  });
});

test("an athlete reports a session; the moderator hides it, and those going are told", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await createAthlete({ fullName: "Sly Spammer" });
  const reporter = await createAthlete({ fullName: "Rita Reporter" });
  const occ = await postSession(host, { title: "Cheap race entries, DM me", places: 4 });
  const page = await (await browser.newContext(pixel7)).newPage();
  await signInWithSession(page, reporter, `/sessions/${occ}`);
  await page.getByRole("button", { name: "Take a place" }).click();
  await expect(page.getByText("You're going. See you there!")).toBeVisible();
  await page.getByRole("button", { name: "Report this session" }).click();
  const dialog = page.getByRole("dialog", { name: /Report this session/ });
  await dialog.getByRole("radio", { name: "Spam or a scam" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toContainText("Your report has been sent");
  await expectNoAxeViolations(page);
  await shot(page, "session-report-pixel7");

  const mod = await (await browser.newContext()).newPage();
  await signInWithSession(mod, { email: "mod@example.com", password: DEMO_PASSWORD }, "/moderation");
  const card = mod
    .getByRole("article")
    .filter({ has: mod.getByRole("heading", { name: /Session hosted by Sly Spammer/ }) });
  await expect(card.getByText("Cheap race entries, DM me")).toBeVisible();
  await expectNoAxeViolations(mod);
  await shot(mod, "session-report-moderation-desktop");
  await card.getByRole("button", { name: "Hide session" }).click();
  await expect(mod.getByRole("status")).toContainText("Session hidden");

  await page.goto(`/sessions/${occ}`);
  await expect(page.getByRole("heading", { name: "Cheap race entries, DM me" })).toHaveCount(0);
  const told = await adminDb()<{ n: number }[]>`
    select count(*)::int as n from private.notification_outbox
    where kind = 'session_change' and recipient_id = ${reporter.profileId} and session_occurrence_id = ${occ}`;
  expect(told[0]!.n).toBe(1);
});

const widths = {
  "360px": { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const;
for (const [label, use] of Object.entries(widths)) {
  test.describe(`at ${label}`, () => {
    test.use(use);
    test(`the sessions screens at ${label}`, async ({ page }) => {
      // Three screens, each checked by axe and photographed: more than the default on a busy machine.
      test.setTimeout(90_000);
      const host = await createAthlete({ fullName: "Wide Host" });
      const athlete = await createAthlete({ fullName: "Wide Athlete" });
      const occ = await postSession(host, {
        title: "Noosa Hill repeats, a long title to wrap on phones",
        sport: "bike",
        places: 4,
      });
      await page.goto("/sessions");
      await expect(page.getByRole("link", { name: /Noosa Hill repeats/ }).first()).toBeVisible();
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await shot(page, `sessions-list-${label}`);
      await signInWithSession(page, athlete, `/sessions/${occ}`);
      await expect(page.getByRole("button", { name: "Take a place" })).toBeVisible();
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await shot(page, `session-page-${label}`);
      await page.goto("/sessions/new");
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await shot(page, `new-session-${label}`);
    });
  });
}

test("an athlete reports another's place; the moderator takes them out and the waitlist's head gets it", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const host = await createAthlete({ fullName: "Hal Host" });
  const reporter = await createAthlete({ fullName: "Rita Reporter" });
  const taker = await createAthlete({ fullName: "Tom Taker" });
  const head = await createAthlete({ fullName: "Wendy Waiting" });
  const occ = await postSession(host, { places: 2 });
  const path = `/sessions/${occ}`;
  const db = adminDb();
  const placeOf = async (who: TestAthlete) =>
    (
      await db<{ id: string; state: string }[]>`
        select id, state from public.session_rsvps where occurrence_id = ${occ} and profile_id = ${who.profileId}`
    )[0]!;

  for (const who of [reporter, taker, head]) {
    const p = await (await browser.newContext(widths["360px"])).newPage();
    await signInWithSession(p, who, path);
    await p.getByRole("button", { name: /Take a place|join the waitlist/ }).click();
    await expect(p.getByText(/You're going\.|You're on the waitlist/).first()).toBeVisible();
    await p.context().close();
  }
  expect((await placeOf(head)).state).toBe("waitlisted");

  // A visitor sees Report beside the places and is sent to sign in, as with "Report this session".
  const visitor = await (await browser.newContext(widths["360px"])).newPage();
  await visitor.goto(path);
  await expect(async () => {
    // Clicked again only while the page was not hydrated yet (a click before it does nothing).
    if (!visitor.url().includes("/auth"))
      await visitor.getByRole("button", { name: "Report Tom Taker's place" }).click({ timeout: 2_000 });
    await expect(visitor).toHaveURL(new RegExp(`/auth\\?next=%2Fsessions%2F${occ}`), { timeout: 3_000 });
  }).toPass();
  await visitor.context().close();

  // Rita, going, reports Tom's place (none beside her own), at 360 px, with axe.
  const page = await (await browser.newContext(widths["360px"])).newPage();
  await signInWithSession(page, reporter, path);
  await expect(page.getByRole("button", { name: "Report Rita Reporter's place" })).toHaveCount(0);
  const report = page.getByRole("button", { name: "Report Tom Taker's place" });
  await expect(report).toBeVisible();
  await expectNoAxeViolations(page);
  await noSidewaysScroll(page);
  await shot(page, "place-report-button-360px");
  await report.click();
  const dialog = page.getByRole("dialog", { name: "Report Tom Taker's place" });
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Choose a reason")).toBeVisible();
  await dialog.getByRole("radio", { name: "Spam or a scam" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toContainText("Your report has been sent");
  await expectNoAxeViolations(page);
  await noSidewaysScroll(page);
  await shot(page, "place-report-dialog-360px");
  await page.keyboard.press("Escape");
  await expect(report).toBeFocused();
  // Again: nothing new is filed.
  await report.click();
  await dialog.getByRole("radio", { name: "Harassment or bullying" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("alert").or(dialog.getByRole("status"))).toContainText(
    "You've already reported this",
  );
  const tom = await placeOf(taker);
  const filed = await db<{ n: number }[]>`
    select count(*)::int as n from public.reports where kind = 'session_rsvp' and target_id = ${tom.id}`;
  expect(filed[0]!.n).toBe(1);

  // The host reports places from the waitlist too; at Pixel 7 and desktop sizes, with axe.
  const hostPage = await (await browser.newContext(widths.desktop)).newPage();
  await signInWithSession(hostPage, host, path);
  for (const name of ["Rita Reporter", "Tom Taker", "Wendy Waiting"])
    await expect(hostPage.getByRole("button", { name: `Report ${name}'s place` })).toBeVisible();
  await expectNoAxeViolations(hostPage);
  await shot(hostPage, "place-report-host-desktop");
  const phone = await (await browser.newContext(pixel7)).newPage();
  await signInWithSession(phone, reporter, path);
  await expect(phone.getByRole("button", { name: "Report Tom Taker's place" })).toBeVisible();
  await expectNoAxeViolations(phone);
  await noSidewaysScroll(phone);
  await shot(phone, "place-report-button-pixel7");

  // The moderator's queue shows it with "Take out of the session"; taking Tom out offers Wendy his place.
  const mod = await (await browser.newContext()).newPage();
  await signInWithSession(mod, { email: "mod@example.com", password: DEMO_PASSWORD }, "/moderation");
  const card = mod
    .getByRole("article")
    .filter({ has: mod.getByRole("heading", { name: /Place in a session of Tom Taker/ }) });
  await expect(card).toContainText("Reported by Rita Reporter");
  await expectNoAxeViolations(mod);
  await shot(mod, "place-report-moderation-desktop");
  await card.getByRole("button", { name: "Take out of the session" }).click();
  await expect(mod.getByRole("status")).toContainText("The athlete is out of that session");
  expect((await placeOf(taker)).state).toBe("cancelled");
  expect((await placeOf(head)).state).toBe("offered");

  const wendy = await (await browser.newContext(widths["360px"])).newPage();
  await signInWithSession(wendy, head, path);
  await expect(wendy.getByText(/A place is held for you until/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Report Tom Taker's place" })).toHaveCount(0);
  await shot(page, "place-report-after-360px");
});

import { randomUUID } from "node:crypto";
import { devices, expect, request as http, test, type Page } from "@playwright/test";
import ICAL from "ical.js";
import type postgres from "postgres";
import { decryptPushBody, newBrowserKeys, startPushEndpoint } from "../../test/fixtures/push-endpoint-server";
import { sendText, thread, waitForLive } from "../messages/support";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb, createAthlete, type TestAthlete } from "../support/db";
import { waitForMail } from "../support/mailbox";
import { pushEndpointCertificate, pushEndpointOrigin, pushEndpointPort } from "../support/push-endpoint";
import { registrationId, shownNotifications, stubPushManager } from "../support/push-manager-stub";
import { signInWithSession } from "../support/users";

// The group-sessions story on a phone, end to end (docs/product.md#training-sessions): a signed-out
// searcher finds a full dawn swim from the Train with others page, signs in from it and joins its waitlist,
// turns on notifications, gets the freed place by push and by e-mail and takes it, sees it in the private
// calendar feed, chats with the group, and sees the host's weather cancellation arrive on the page, by push,
// by e-mail and in the feed. Each piece is asserted in depth by its own spec (e2e/sessions, e2e/pwa,
// e2e/calendar); this one runs them together, through the UI wherever an athlete acts. It turns
// notifications on, so it runs on the full Chromium (project "push" in playwright.config.ts).
test.use({ serviceWorkers: "allow" });

const screensDir = process.env.SESSIONS_SCREENS_DIR ?? "test-results/sessions-screens";

// The phone's viewport, touch and user agent; its browser type is the project's.
const { defaultBrowserType: _browser, ...pixel7 } = devices["Pixel 7"];
void _browser;
test.use(pixel7);

let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
test.beforeAll(async () => {
  endpoint = await startPushEndpoint(pushEndpointCertificate(), pushEndpointPort);
});
test.afterAll(async () => endpoint.close());

/** The checks every main screen of the walk gets: axe, nothing wider than the phone, a screenshot. */
async function screen(page: Page, name: string) {
  await expectNoAxeViolations(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${name} scrolls sideways`,
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${screensDir}/walk-${name}-pixel7.png`, fullPage: true });
}

/** Runs `fn` as `who` signed in would, through the SQL functions the app calls. */
function asAthlete<T>(who: TestAthlete, fn: (tx: postgres.TransactionSql) => Promise<T>) {
  return adminDb().begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: who.id, role: "authenticated" })}, true)`;
    await tx`set local role authenticated`;
    return fn(tx);
  }) as Promise<T>;
}

function events(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics));
  return root.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
}

test("a searcher finds a full dawn swim, waits, gets the freed place by push and e-mail, and follows it to the weather call", async ({
  browser,
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const tag = randomUUID().slice(0, 4);
  const title = `Dawn swim ${tag} off Main Beach`;
  const host = await createAthlete({ fullName: "Hali Host" });
  const filler = await createAthlete({ fullName: "Finn Filler" });
  const walker = await createAthlete({ fullName: "Wren Walker", specialty: "swimmer" });

  // Tomorrow in Noosa before other specs' 05:45 swims (the list shows the soonest first), with one place,
  // which another athlete takes: the swim is full before the searcher arrives.
  const [when] = await adminDb()<{ day: string; dow: number }[]>`
    select ((now() at time zone 'Australia/Brisbane')::date + 1)::text as day,
           extract(isodow from (now() at time zone 'Australia/Brisbane')::date + 1)::int as dow`;
  const localTime = `04:1${Math.floor(Math.random() * 10)}`;
  const occ = await asAthlete(host, async (tx) => {
    const [row] = await tx<{ occ: string }[]>`
      select public.create_training_session(${tx.json({
        title,
        sport: "open_water_swim",
        meeting_point: "noosa_main_beach",
        meeting_note: "Blue flag by the surf club",
        duration_minutes: 45,
        level: "all",
        places: 1,
        first_day: when!.day,
        local_time: localTime,
      })}) ->> 'occurrence_id' as occ`;
    return row!.occ;
  });
  const path = `/sessions/${occ}`;
  expect(await asAthlete(filler, (tx) => tx`select public.take_session_place(${occ}) as s`)).toEqual([
    { s: "going" },
  ]);

  // The phone's push service: Settings subscribes this browser there (the one stand-in, see the support).
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const keys = newBrowserKeys();
  const pushPath = `/push/${randomUUID()}`;
  await stubPushManager(page, {
    endpoint: `${pushEndpointOrigin}${pushPath}`,
    p256dh: keys.p256dh,
    auth: keys.auth,
  });
  const pushes = () =>
    endpoint.received
      .filter((r) => r.path === pushPath)
      .map(
        (r) =>
          JSON.parse(decryptPushBody(r.body, keys)) as {
            title: string;
            body: string;
            url: string;
            tag: string;
          },
      );

  // 1. Signed out, from the Train with others page to the sessions list, searched by sport and day.
  await page.goto("/train-with-others-noosa");
  await screen(page, "train-with-others");
  await page.getByRole("link", { name: "See all sessions" }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  const filters = page.getByRole("form", { name: "Filter sessions" });
  await filters.getByLabel("Sport").selectOption("open_water_swim");
  await filters.getByLabel("Day").selectOption(String(when!.dow));
  await filters.getByRole("button", { name: "Show sessions" }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions\\?sport=open_water_swim&day=${when!.dow}`));
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
  await expect(card).toContainText("Full: join the waitlist");
  await screen(page, "search-results");
  await card.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Full: join the waitlist", { exact: true })).toBeVisible();
  await screen(page, "session-signed-out");

  // 2. Sign in from the session page; back on it, join the waitlist.
  await page.getByRole("link", { name: "Sign in to join the waitlist" }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?next=${encodeURIComponent(path)}`));
  await page.getByLabel("Email address").fill(walker.email);
  await page.getByLabel("Password", { exact: true }).fill(walker.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await page.getByRole("button", { name: "Full: join the waitlist" }).click();
  await expect(
    page.getByText("You're on the waitlist. We'll tell you when a place is yours to take."),
  ).toBeVisible();
  // Already waiting, the athlete is not asked again to join the waitlist (nor to be the first).
  await expect(page.getByText(/join the waitlist|be the first/)).toHaveCount(0);
  await screen(page, "session-waitlisted");

  // 3. Notifications on, in Settings; and the private calendar link, made there too.
  await page.goto("/settings");
  const notifications = page.getByRole("region", { name: "Notifications on this device" });
  await notifications.getByRole("button", { name: "Turn on notifications" }).click();
  await expect(notifications.getByRole("status")).toHaveText("On for this device.");
  const calendar = page.locator("section#calendar");
  await calendar.getByRole("button", { name: "Make my calendar link" }).click();
  const feedUrl = await calendar.getByLabel("Your private calendar link").inputValue();
  await screen(page, "settings");
  // A calendar app: no cookies, only the link. Waiting is not going: nothing of the swim yet.
  const calendarApp = await http.newContext({ baseURL });
  const feed = async () => {
    const res = await calendarApp.get(new URL(feedUrl).pathname);
    expect(res.status()).toBe(200);
    return events(await res.text()).filter((e) => e.uid.startsWith(`session-${occ}@`));
  };
  expect(await feed()).toEqual([]);

  // 4. The athlete going leaves, in the app: the place is held for the head of the waitlist, who is told by
  // push and by e-mail.
  const since = new Date();
  const fillerContext = await browser.newContext(pixel7);
  const fillerPage = await fillerContext.newPage();
  await signInWithSession(fillerPage, filler, path);
  await fillerPage.getByRole("button", { name: "Leave this session" }).click();
  await expect(fillerPage.getByText("You've left this session.")).toBeVisible();
  await fillerContext.close();

  // Found by what it is about (the evening-before reminder may reach the same device when the walk runs then).
  const pushAbout = (tag: string) => pushes().filter((p) => p.tag === tag);
  await expect.poll(() => pushAbout(`session_offer:${occ}`).length, { timeout: 30_000 }).toBe(1);
  const offer = pushAbout(`session_offer:${occ}`)[0]!;
  expect(offer).toEqual({
    title: expect.stringMatching(new RegExp(`^A place is free: ${title}, `)),
    body: expect.stringMatching(/^A place came free and it is held for you until .+\. Take it or let it go/),
    url: path,
    tag: `session_offer:${occ}`,
  });
  const offerMail = await waitForMail(walker.email, {
    subject: /^A place is free: /,
    since,
    timeout: 30_000,
  });
  expect(offerMail.subject).toBe(offer.title);
  expect(offerMail.text).toContain("it is held for you until");
  expect(offerMail.links.some((l) => l.endsWith(path))).toBe(true);

  // The push, as the phone's service worker shows it; pressed, it opens the session, where the place is taken.
  await page.goto("/dashboard");
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const { cdp, id } = await registrationId(page, baseURL!);
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseURL!,
    registrationId: id,
    data: JSON.stringify(offer),
  });
  await expect.poll(async () => (await shownNotifications(page)).map((n) => n.title)).toEqual([offer.title]);
  const worker = context.serviceWorkers().find((w) => w.url().endsWith("/sw.js"))!;
  await worker.evaluate(`(async () => {
    const [shown] = await self.registration.getNotifications({ tag: ${JSON.stringify(offer.tag)} });
    self.dispatchEvent(new NotificationEvent("notificationclick", { notification: shown }));
  })()`);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByText(/^A place is held for you until /)).toBeVisible();
  await expect(page.getByText(/join the waitlist|be the first/)).toHaveCount(0);
  await screen(page, "session-offered");
  await page.getByRole("button", { name: "Take the place" }).click();
  await expect(page.getByText("You're going. See you there!")).toBeVisible();
  await expect(page.getByText("You're going.", { exact: true })).toBeVisible();
  await screen(page, "session-going");

  // 5. The calendar feed now has the swim, in Noosa's time zone.
  const [booked] = await feed();
  expect(booked?.summary).toBe(title);
  expect(booked!.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Australia/Brisbane");
  expect(booked!.startDate.toString()).toBe(`${when!.day}T${localTime}:00`);
  expect(booked!.component.getFirstPropertyValue("status")).toBe("CONFIRMED");

  // 6. The group chat, from the session page; the host, in another browser, sees the message arrive.
  const hostContext = await browser.newContext(pixel7);
  const hostPage = await hostContext.newPage();
  await signInWithSession(hostPage, host, `/messages?session=${occ}`);
  await expect(hostPage.getByRole("heading", { name: title })).toBeVisible();
  await waitForLive(hostPage);
  await page.getByRole("link", { name: "Open the group chat" }).click();
  await expect(page).toHaveURL(new RegExp(`/messages\\?session=${occ}`));
  await waitForLive(page);
  await sendText(page, "First swim with the group: I'll bring a bright cap");
  await expect(
    thread(hostPage).getByText("First swim with the group: I'll bring a bright cap"),
  ).toBeVisible();
  await screen(page, "chat");

  // 7. The host calls it off for the weather, one tap on the session page.
  const cancelSince = new Date();
  await hostPage.goto(path);
  await screen(hostPage, "host-session");
  await hostPage.getByRole("button", { name: "Cancel for weather" }).click();
  await expect(hostPage.getByText("Cancelled for the weather: everyone has been told.")).toBeVisible();

  await page.goto(path);
  await expect(page.getByText("This session is cancelled.")).toBeVisible();
  await screen(page, "session-cancelled");
  await expect.poll(() => pushAbout(`session_change:${occ}`).length, { timeout: 30_000 }).toBe(1);
  const [cancelPush] = pushAbout(`session_change:${occ}`);
  expect(cancelPush).toEqual({
    title: expect.stringMatching(new RegExp(`^Cancelled for the weather: ${title}, `)),
    body: "The host cancelled it for the weather. Stay dry, and see you at the next one.",
    url: "/sessions",
    tag: `session_change:${occ}`,
  });
  const cancelMail = await waitForMail(walker.email, {
    subject: /^Cancelled for the weather: /,
    since: cancelSince,
    timeout: 30_000,
  });
  expect(cancelMail.subject).toBe(cancelPush!.title);
  expect(cancelMail.text).toContain("The host cancelled it for the weather.");

  // The calendar keeps the entry, marked cancelled, as a newer version of the same event.
  const [cancelled] = await feed();
  expect(cancelled?.component.getFirstPropertyValue("status")).toBe("CANCELLED");
  expect(cancelled!.summary).toBe(`Cancelled: ${title}`);
  expect(cancelled!.sequence).toBeGreaterThan(booked!.sequence);

  await hostContext.close();
  await calendarApp.dispose();
});

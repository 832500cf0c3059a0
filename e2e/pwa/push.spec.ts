import { expect, test } from "@playwright/test";
import { decryptPushBody, newBrowserKeys, startPushEndpoint } from "../../test/fixtures/push-endpoint-server";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb, createAthlete, createTeam } from "../support/db";
import { pushEndpointCertificate, pushEndpointOrigin, pushEndpointPort } from "../support/push-endpoint";
import { registrationId, shownNotifications, stubPushManager } from "../support/push-manager-stub";
import { signInWithSession } from "../support/users";

// Web Push end to end, with the suite's own push service in place of the browser vendor's: Settings turns
// notifications on (the browser's subscribe is the one stand-in: headless Chromium has no push service
// and refuses to subscribe), a join request goes out through the outbox worker (run every second by the
// local stack's cron) to this spec's endpoint, which decrypts it with the browser's keys; that same payload
// is then delivered to the site's service worker through the DevTools protocol, which shows it, and its
// click handler opens the request's page. Runs on the full Chromium (project "push" in playwright.config.ts).
test.use({ serviceWorkers: "allow" });

let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
test.beforeAll(async () => {
  endpoint = await startPushEndpoint(pushEndpointCertificate(), pushEndpointPort);
});
test.afterAll(async () => endpoint.close());

test("turned on in Settings, a join request reaches the phone: shown, and pressed it opens the request", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const creator = await createAthlete({ fullName: "Push Creator" });
  const asker = await createAthlete({ fullName: "Kai Asker", specialty: "swimmer" });
  const teamId = await createTeam(creator, { name: "Push Point Relay" });
  const browser = newBrowserKeys();
  const path = `/push/${crypto.randomUUID()}`;
  await stubPushManager(page, {
    endpoint: `${pushEndpointOrigin}${path}`,
    p256dh: browser.p256dh,
    auth: browser.auth,
  });

  await signInWithSession(page, creator, "/settings");
  const section = page.getByRole("region", { name: "Notifications on this device" });
  await expect(section.getByRole("status")).toHaveText("Off for this device.");
  await expectNoAxeViolations(page);

  // By keyboard alone: Tab from the e-mail settings to the button, and Enter. The permission is asked for only now (granted above).
  const button = section.getByRole("button", { name: "Turn on notifications" });
  await expect(button).toBeEnabled();
  await page.getByRole("button", { name: "Save e-mail settings" }).focus();
  await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Notifications are on for this device.")).toBeVisible();
  await expect(section.getByRole("status")).toHaveText("On for this device.");
  const saved = await adminDb()<{ endpoint: string }[]>`
    select endpoint from public.push_subscriptions where profile_id = ${creator.profileId}`;
  expect(saved.map((r) => r.endpoint)).toEqual([`${pushEndpointOrigin}${path}`]);
  // Subscribed with the server's VAPID key (the stack's, handed to the page by Settings).
  const usedKey = await page.evaluate(() => localStorage.getItem("e2e-push-subscription-key"));
  expect(Buffer.from(usedKey!, "base64").toString("base64url")).toBe(process.env.VAPID_PUBLIC_KEY);
  await expectNoAxeViolations(page);
  await section.screenshot({ path: test.info().outputPath("push-settings-on-desktop.png") });

  // A join request: the outbox row goes to e-mail and to this device.
  const [member] = await adminDb()<{ id: string }[]>`
    insert into public.team_members (team_id, profile_id, role, status)
    values (${teamId}, ${asker.profileId}, 'swimmer', 'pending') returning id`;
  await expect
    .poll(() => endpoint.received.filter((r) => r.path === path).length, { timeout: 30_000 })
    .toBe(1);
  const payload = JSON.parse(decryptPushBody(endpoint.received.find((r) => r.path === path)!.body, browser));
  expect(payload).toEqual({
    title: "Kai Asker wants to join Push Point Relay",
    body: expect.any(String),
    url: `/teams/${teamId}/requests/${member!.id}`,
    tag: `join_request:${member!.id}`,
  });

  // The same bytes' payload, delivered to the site's service worker as the push service would.
  await page.goto("/dashboard");
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const { cdp, id } = await registrationId(page, baseURL!);
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseURL!,
    registrationId: id,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, url: payload.url }]);

  // Pressed: the worker's notificationclick handler, run on the notification it showed (headless Chromium
  // shows none on screen to press), sends the open window to the request's page and closes it.
  const worker = context.serviceWorkers().find((w) => w.url().endsWith("/sw.js"))!;
  await worker.evaluate(`(async () => {
    const [shown] = await self.registration.getNotifications({ tag: ${JSON.stringify(payload.tag)} });
    self.dispatchEvent(new NotificationEvent("notificationclick", { notification: shown }));
  })()`);
  await expect(page).toHaveURL(new RegExp(`/teams/${teamId}/requests/${member!.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Kai Asker");
  await expect.poll(() => shownNotifications(page)).toEqual([]);

  // A push that names another site opens the dashboard instead.
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseURL!,
    registrationId: id,
    data: JSON.stringify({ title: "Elsewhere", body: "x", url: "https://example.com/phish", tag: "other" }),
  });
  await expect.poll(async () => (await shownNotifications(page)).map((n) => n.url)).toEqual(["/dashboard"]);

  // Off again, from Settings: forgotten on the server, nothing more is pushed to it.
  await page.goto("/settings");
  await expect(section.getByRole("status")).toHaveText("On for this device.");
  await section.getByRole("button", { name: "Turn off on this device" }).click();
  await expect(page.getByText("Notifications are off for this device.")).toBeVisible();
  await expect(section.getByRole("status")).toHaveText("Off for this device.");
  expect(
    await adminDb()`select 1 from public.push_subscriptions where profile_id = ${creator.profileId}`,
  ).toHaveLength(0);
  for (const [name, size] of [
    ["pixel7", { width: 412, height: 915 }],
    ["360", { width: 360, height: 740 }],
  ] as const) {
    await page.setViewportSize(size);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`push-settings-off-${name}.png`) });
  }
});

test("Settings says so when the browser blocks notifications, and asks nothing", async ({
  page,
  context,
  baseURL,
}) => {
  await context.clearPermissions();
  const athlete = await createAthlete();
  await page.addInitScript(() => {
    Object.defineProperty(Notification, "permission", { get: () => "denied" });
    Notification.requestPermission = async () => {
      throw new Error("must not be asked");
    };
  });
  await signInWithSession(page, athlete, "/settings");
  const section = page.getByRole("region", { name: "Notifications on this device" });
  await expect(section.getByRole("status")).toHaveText("Blocked in this browser.");
  await expect(section).toContainText("Notifications are blocked for this site in your browser.");
  await expect(section.getByRole("button")).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(baseURL).toBeTruthy();
});

test("signing out forgets this device: no more notifications for that account here", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const athlete = await createAthlete();
  const browser = newBrowserKeys();
  const endpointUrl = `${pushEndpointOrigin}/push/${crypto.randomUUID()}`;
  await stubPushManager(page, { endpoint: endpointUrl, p256dh: browser.p256dh, auth: browser.auth });
  await signInWithSession(page, athlete, "/settings");
  const section = page.getByRole("region", { name: "Notifications on this device" });
  await section.getByRole("button", { name: "Turn on notifications" }).click();
  await expect(section.getByRole("status")).toHaveText("On for this device.");
  const rows = () => adminDb()`select 1 from public.push_subscriptions where endpoint = ${endpointUrl}`;
  expect(await rows()).toHaveLength(1);

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  expect(await rows()).toHaveLength(0);
  expect(await page.evaluate(() => localStorage.getItem("e2e-push-subscription-key"))).toBeNull();
});

test("a browser still set up for another account gets a fresh endpoint: the other account's device is never moved", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const owner = await createAthlete({ fullName: "Device Owner" });
  const next = await createAthlete({ fullName: "Next Athlete" });
  const browser = newBrowserKeys();
  const endpointUrl = `${pushEndpointOrigin}/push/${crypto.randomUUID()}`;
  // The owner turned notifications on in this browser and never signed out here.
  await adminDb()`insert into public.push_subscriptions (profile_id, endpoint, p256dh, auth)
                  values (${owner.profileId}, ${endpointUrl}, ${browser.p256dh}, ${browser.auth})`;
  await stubPushManager(page, { endpoint: endpointUrl, p256dh: browser.p256dh, auth: browser.auth });
  // Subscribed here already, with the site's key (so nothing but the owner question makes it renew).
  const siteKey = Buffer.from(process.env.VAPID_PUBLIC_KEY!, "base64url").toString("base64");
  await page.addInitScript((key) => {
    if (!localStorage.getItem("e2e-push-subscription-key"))
      localStorage.setItem("e2e-push-subscription-key", key);
  }, siteKey);

  await signInWithSession(page, next, "/settings");
  const section = page.getByRole("region", { name: "Notifications on this device" });
  await section.getByRole("button", { name: "Turn on notifications" }).click();
  await expect(page.getByText("Notifications are on for this device.")).toBeVisible();
  await expect(section.getByRole("status")).toHaveText("On for this device.");
  const owners = await adminDb()<{ profile_id: string; endpoint: string }[]>`
    select profile_id, endpoint from public.push_subscriptions
    where profile_id in (${owner.profileId}, ${next.profileId}) order by endpoint`;
  expect(owners).toEqual([
    { profile_id: owner.profileId, endpoint: endpointUrl },
    { profile_id: next.profileId, endpoint: `${endpointUrl}-1` },
  ]);
  await expectNoAxeViolations(page);
});

import { mkdir, writeFile } from "node:fs/promises";
import { devices, expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb, createAthlete, type TestAthlete } from "../support/db";
import { waitForMail } from "../support/mailbox";
import { DEMO_PASSWORD, signInWithSession } from "../support/users";

// docs/security.md#moderation, for photos, in a real browser: an athlete reports another's profile photo,
// the demo moderator (mod@example.com, supabase/seed.sql) sees it on /moderation and removes it; the profile
// and its social card show initials, the objects are gone from the bucket, the athlete's mailbox has the
// notice, and they can put up another photo. Screens: MODERATION_SCREENS_DIR (default
// test-results/moderation-screens), at a Pixel 7, a 360 px phone and a desktop.
test.describe.configure({ timeout: 300_000 });

const dir = process.env.MODERATION_SCREENS_DIR ?? "test-results/moderation-screens";
const moderatorAccount = { email: "mod@example.com", password: DEMO_PASSWORD };

// A describe block may not switch the browser type, which the device descriptor names.
const pixel7 = Object.fromEntries(Object.entries(devices["Pixel 7"]).filter(([key]) => key !== "defaultBrowserType"));
const screens: Record<string, BrowserContextOptions> = {
  "pixel-7": pixel7,
  "phone-360": { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
};

// A green no part of the site's card uses, so its pixels on the card can only be the photo's.
const photoGreen = { r: 0, g: 200, b: 83 };

async function signedIn(browser: Browser, who: { email: string; password: string }, path: string, use = {}) {
  const context = await browser.newContext(use);
  const page = await context.newPage();
  await signInWithSession(page, who, path);
  return { context, page };
}

/** Puts up a photo as the athlete signed in on `page`, through the edit screen's own route. */
async function uploadPhoto(page: Page, background: string | typeof photoGreen = photoGreen) {
  const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background } }).jpeg().toBuffer();
  const response = await page.request.post("/api/profile-photo", {
    headers: { accept: "application/json" },
    multipart: { photo: { name: "me.jpg", mimeType: "image/jpeg", buffer: jpeg }, zoom: "1", x: "0.5", y: "0.5" },
  });
  expect(response.status()).toBe(200);
}

const objectsOf = async (who: TestAthlete) =>
  adminDb()<{ name: string }[]>`
    select name from storage.objects where bucket_id = 'avatars' and name like ${`${who.id}/%`}`;

/** How many of the profile's social card pixels are the photo's green (the card is kept as `name`.png). */
async function greenPixelsOnCard(page: Page, who: TestAthlete, name: string) {
  await page.goto(`/profile/${who.profileId}`);
  // The tag holds the production URL; fetch the same path from the server under test.
  const { pathname, search } = new URL((await page.locator('meta[property="og:image"]').getAttribute("content"))!);
  const response = await page.request.get(pathname + search);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/png");
  const png = await response.body();
  await mkdir(dir, { recursive: true });
  await writeFile(`${dir}/${name}.png`, png);
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const near = (a: number, b: number) => Math.abs(a - b) <= 24;
    if (near(data[i]!, photoGreen.r) && near(data[i + 1]!, photoGreen.g) && near(data[i + 2]!, photoGreen.b)) count++;
  }
  return count;
}

/** The queue's card about `who`'s photo. */
const photoCard = (page: Page, who: TestAthlete) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: `Photo of ${who.fullName}`, exact: false }) });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

test("report a photo; the moderator removes it; initials show, the card follows, the athlete is told and can upload again", async ({
  browser,
  page,
}) => {
  const owner = await createAthlete({ fullName: "Photo Offender" });
  const reporter = await createAthlete({ fullName: "Rita Reporter" });
  const o = await signedIn(browser, owner, "/edit-profile");
  await uploadPhoto(o.page);
  expect(await objectsOf(owner)).toHaveLength(3);

  // The photo shows to visitors, and on the profile's social card.
  await page.goto(`/profile/${owner.profileId}`);
  await expect(page.getByRole("main").locator("img[src*='/_next/image']")).toBeVisible();
  expect(await greenPixelsOnCard(page, owner, "social-card-photo")).toBeGreaterThan(10_000);

  // One's own page offers no report of one's own photo.
  await o.page.goto(`/profile/${owner.profileId}`);
  await expect(o.page.getByRole("link", { name: "Edit Your Profile" })).toBeVisible();
  await expect(o.page.getByRole("button", { name: "Report this photo" })).toHaveCount(0);

  // The reporter reports it by keyboard.
  const r = await signedIn(browser, reporter, `/profile/${owner.profileId}`);
  const button = r.page.getByRole("button", { name: "Report this photo" });
  await button.focus();
  await r.page.keyboard.press("Enter");
  const dialog = r.page.getByRole("dialog", { name: "Report Photo Offender's photo" });
  await expect(dialog.getByRole("radio", { name: "Spam or a scam" })).toBeFocused();
  await expectNoAxeViolations(r.page);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Choose a reason")).toBeVisible();
  await dialog.getByRole("radio", { name: "Offensive or inappropriate" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toContainText("Your report has been sent");
  await expectNoAxeViolations(r.page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(button).toBeFocused();
  // A second report of the same photo stores nothing more.
  await r.page.keyboard.press("Enter");
  await dialog.getByRole("radio", { name: "Offensive or inappropriate" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toContainText("You've already reported this");
  const reports = await adminDb()<{ n: number }[]>`
    select count(*)::int as n from public.reports where kind = 'photo' and target_id = ${owner.profileId}`;
  expect(reports[0]!.n).toBe(1);

  // The moderator sees the photo reported and removes it.
  const m = await signedIn(browser, moderatorAccount, "/moderation");
  const card = photoCard(m.page, owner);
  const reported = card.getByRole("img", { name: "The reported photo of Photo Offender" });
  await expect(reported).toBeVisible();
  await expect.poll(() => reported.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectNoAxeViolations(m.page);
  const since = new Date();
  await card.getByRole("button", { name: "Remove photo" }).click();
  await expect(m.page.getByRole("status")).toContainText("Photo removed");
  await expect(photoCard(m.page, owner)).toHaveCount(0);
  await expect(m.page.getByText("Removed a photo").first()).toBeVisible();
  await expectNoAxeViolations(m.page);

  // Every object of the photo is gone from the bucket; the profile and its card show initials.
  expect(await objectsOf(owner)).toEqual([]);
  await page.goto(`/profile/${owner.profileId}`);
  await expect(page.getByRole("main").locator("img[src*='/_next/image']")).toHaveCount(0);
  await expect(page.getByText("PO", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Report this photo" })).toHaveCount(0);
  expect(await greenPixelsOnCard(page, owner, "social-card-initials")).toBe(0);

  // The athlete's mailbox has the notice, with no unsubscribe: no switch turns it off.
  const mail = await waitForMail(owner.email, { subject: /^Your profile photo was removed$/, since, timeout: 30_000 });
  expect(mail.text).toContain(
    "A moderator removed your profile photo because it was reported (offensive or inappropriate).",
  );
  expect(mail.text).toContain("You can upload another one that follows our terms of service");
  expect(mail.text).not.toContain("unsubscribe");

  // They can put up another photo.
  await uploadPhoto(o.page, "#1f7a8c");
  expect(await objectsOf(owner)).toHaveLength(3);
  await page.goto(`/profile/${owner.profileId}`);
  await expect(page.getByRole("main").locator("img[src*='/_next/image']")).toBeVisible();
  for (const c of [o.context, r.context, m.context]) await c.close();
});

test("screens: the report dialog on a profile with a photo, and the photo's card on /moderation", async ({
  browser,
}) => {
  for (const [label, use] of Object.entries(screens)) {
    const owner = await createAthlete({ fullName: `Shown Photo ${label}` });
    const reporter = await createAthlete({ fullName: `Rae Screens ${label}` });
    const o = await signedIn(browser, owner, "/edit-profile", use);
    await uploadPhoto(o.page, "#1f7a8c");

    const r = await signedIn(browser, reporter, `/profile/${owner.profileId}`, use);
    await expect(r.page.getByRole("main").locator("img[src*='/_next/image']")).toBeVisible();
    await expectNoSidewaysScroll(r.page);
    await r.page.screenshot({ path: `${dir}/profile-report-photo-${label}.png`, fullPage: true });
    await r.page.getByRole("button", { name: "Report this photo" }).click();
    const dialog = r.page.getByRole("dialog", { name: `Report Shown Photo ${label}'s photo` });
    await dialog.getByRole("radio", { name: "Pretending to be someone else" }).check();
    await r.page.screenshot({ path: `${dir}/report-photo-dialog-${label}.png` });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("status")).toContainText("Your report has been sent");

    const m = await signedIn(browser, moderatorAccount, "/moderation", use);
    const card = photoCard(m.page, owner);
    await expect(card.getByRole("img", { name: `The reported photo of Shown Photo ${label}` })).toBeVisible();
    await expectNoSidewaysScroll(m.page);
    await card.scrollIntoViewIfNeeded();
    await m.page.screenshot({ path: `${dir}/moderation-photo-${label}.png` });
    await card.screenshot({ path: `${dir}/moderation-photo-card-${label}.png` });
    // Leave the demo moderator's queue as it was.
    await card.getByRole("button", { name: "Dismiss report" }).click();
    await expect(m.page.getByRole("status")).toContainText("Report dismissed");
    for (const c of [o.context, r.context, m.context]) await c.close();
  }
});

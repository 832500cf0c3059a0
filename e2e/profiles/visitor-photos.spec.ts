import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb, createAthlete, createTeam, type TestAthlete } from "../support/db";
import { stackEnv } from "../support/stack-env";
import { signInWithSession } from "../support/users";

// A signed-out visitor on a public team page: the public member's face shows; the private member's photo is
// neither in the page nor given out by Storage. At 360 px (nothing wider than the screen) and with axe.
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const screensDir = process.env.PHOTO_SCREENS_DIR ?? "test-results/photo-screens";
const loaded = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

/** Uploads a photo from the athlete's Edit Profile, as they would; returns its path. */
async function givePhoto(browser: Browser, athlete: TestAthlete, colour: string) {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  await signInWithSession(page, athlete, "/edit-profile");
  const card = page.locator("#photo");
  await card.getByLabel("Choose or take a photo").setInputFiles({
    name: "me.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 600, height: 600, channels: 3, background: colour } }).jpeg().toBuffer(),
  });
  await card.getByRole("button", { name: "Save photo" }).click();
  await expect(card.getByRole("status")).toHaveText(/Photo saved/);
  await context.close();
  const [row] = await adminDb()<{ photo_path: string }[]>`
    select photo_path from public.profiles where id = ${athlete.profileId}`;
  return row!.photo_path;
}

test("a visitor sees the public member's face and nothing of the private member's photo", async ({
  browser,
  page,
  request,
}) => {
  const shown = await createAthlete({ fullName: "Shown Sol", specialty: "runner" });
  const hidden = await createAthlete({ fullName: "Hidden Hana", specialty: "swimmer", isPublic: false });
  const teamId = await createTeam(shown, { name: `Faces ${shown.profileId.slice(0, 6)}` });
  await adminDb()`insert into public.team_members (team_id, profile_id, role, status)
    values (${teamId}, ${hidden.profileId}, 'swimmer', 'active')`;
  const shownPath = await givePhoto(browser, shown, "#2a9d8f");
  const hiddenPath = await givePhoto(browser, hidden, "#264653");
  const hiddenHash = hiddenPath.split("/")[1]!;

  const response = await page.goto(`/teams/${teamId}`);
  expect(response?.status()).toBe(200);
  const members = page.getByRole("list", { name: "Members" });
  await expect(members.getByRole("listitem")).toHaveCount(2);
  const face = members.locator(`img[src*="${shownPath.split("/")[1]}"]`);
  await expect(face).toBeVisible();
  await expect.poll(() => loaded(face)).toBe(true);

  // The private member is on the roster (a face of initials), but no address of their photo is anywhere in
  // the page: not in an <img>, not in the data the page carries for its scripts.
  await expect(page.locator(`img[src*="${hiddenHash}"]`)).toHaveCount(0);
  expect(await page.content()).not.toContain(hiddenHash);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${screensDir}/visitor-team-roster-360.png`, fullPage: true });

  // Storage refuses the visitor (publishable key, no session) every way to the private photo's objects.
  const base = `${stackEnv("NEXT_PUBLIC_SUPABASE_URL")}/storage/v1/object`;
  const headers = { apikey: stackEnv("NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY") };
  for (const size of ["128", "512"]) {
    const object = `avatars/${hiddenPath}-${size}.webp`;
    expect((await request.get(`${base}/public/${object}`, { headers })).ok()).toBe(false);
    expect((await request.get(`${base}/authenticated/${object}`, { headers })).ok()).toBe(false);
    expect((await request.post(`${base}/sign/${object}`, { headers, data: { expiresIn: 60 } })).ok()).toBe(false);
  }
});

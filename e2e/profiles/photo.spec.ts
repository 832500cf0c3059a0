import { devices, expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb, createAthlete } from "../support/db";
import { stackEnv } from "../support/stack-env";
import { signInWithSession } from "../support/users";

// A profile photo from a phone: choose it, set the square by keyboard, save; the face shows on the profile.
// A HEIC photo sent as a JPEG is refused in plain words; a visitor gets no private athlete's photo from
// Storage. At a Pixel 7, a 360 px phone and a desktop, with axe.
test.describe.configure({ timeout: 240_000 });

const screensDir = process.env.PHOTO_SCREENS_DIR ?? "test-results/photo-screens";
const shot = (page: Page, name: string) => page.screenshot({ path: `${screensDir}/${name}.png`, fullPage: true });

/** A phone-like photo: 1200 × 900 JPEG, with EXIF (orientation and GPS) as a camera writes it. */
const cameraPhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: "#1f7a8c" } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><circle cx="600" cy="400" r="260" fill="#f4d35e"/></svg>',
        ),
      },
    ])
    .jpeg()
    .withMetadata({ orientation: 1 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "26/1 23/1 0/1" } })
    .toBuffer();

/** Presses Tab until `target` has focus: it is reachable by keyboard alone. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${String(target)} was not reached with Tab`);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

/** Whether every <img> in `scope` has loaded real pixels. */
const loaded = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

// A describe block may not switch the browser type, which the device descriptor names.
const pixel7 = Object.fromEntries(Object.entries(devices["Pixel 7"]).filter(([key]) => key !== "defaultBrowserType"));
const screens = {
  "pixel-7": pixel7,
  "phone-360": { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
} as const;

for (const [label, use] of Object.entries(screens)) {
  test.describe(label, () => {
    test.use(use);

    test("an athlete uploads a photo by keyboard and sees it on their profile", async ({ page }) => {
      const athlete = await createAthlete({ fullName: `Photo Pia ${label}` });
      await signInWithSession(page, athlete, "/edit-profile");
      const card = page.locator("#photo");
      await expect(card.getByRole("heading", { name: "Photo" })).toBeVisible();
      await expect(card.getByText("PP", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      await card.getByLabel("Choose or take a photo").setInputFiles({
        name: "IMG_0001.jpg",
        mimeType: "image/jpeg",
        buffer: await cameraPhoto(),
      });
      const zoom = card.getByRole("slider", { name: "Zoom" });
      await tabTo(page, zoom);
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await expect(zoom).not.toHaveValue("1");
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `edit-photo-chosen-${label}`);

      await tabTo(page, card.getByRole("button", { name: "Save photo" }));
      await page.keyboard.press("Enter");
      await expect(card.getByRole("status")).toHaveText(/Photo saved/);
      const face = card.locator("img[src*='/_next/image']");
      await expect(face).toBeVisible();
      await expect.poll(() => loaded(face)).toBe(true);
      await expectNoAxeViolations(page);
      await shot(page, `edit-photo-saved-${label}`);

      const [row] = await adminDb()<{ photo_path: string }[]>`
        select photo_path from public.profiles where id = ${athlete.profileId}`;
      expect(row!.photo_path).toMatch(new RegExp(`^${athlete.id}/[0-9a-f]{32}$`));
      const objects = await adminDb()<{ name: string }[]>`
        select name from storage.objects where bucket_id = 'avatars' and name like ${`${athlete.id}/%`}`;
      expect(objects).toHaveLength(3);

      await page.goto(`/profile/${athlete.profileId}`);
      const profileFace = page.getByRole("main").locator("img[src*='/_next/image']").first();
      await expect(profileFace).toBeVisible();
      await expect.poll(() => loaded(profileFace)).toBe(true);
      await expectNoSidewaysScroll(page);
      await shot(page, `public-profile-photo-${label}`);
    });
  });
}

test("a HEIC photo sent as a JPEG is refused by its bytes, and nothing is stored", async ({ page }) => {
  const athlete = await createAthlete({ fullName: "Heic Hana" });
  await signInWithSession(page, athlete, "/edit-profile");
  const card = page.locator("#photo");
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic"), Buffer.alloc(64)]);
  await card.getByLabel("Choose or take a photo").setInputFiles({ name: "IMG_0002.jpg", mimeType: "image/jpeg", buffer: heic });
  await card.getByRole("button", { name: "Save photo" }).click();
  await expect(card.getByRole("alert")).toHaveText(/That photo is HEIC/);
  await expectNoAxeViolations(page);
  const objects = await adminDb()`select 1 from storage.objects where name like ${`${athlete.id}/%`}`;
  expect(objects).toHaveLength(0);
});

test("a visitor cannot read a private profile's photo from Storage", async ({ page, request }) => {
  const athlete = await createAthlete({ fullName: "Private Priya", isPublic: false });
  await signInWithSession(page, athlete, "/edit-profile");
  const card = page.locator("#photo");
  await card.getByLabel("Choose or take a photo").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto() });
  await card.getByRole("button", { name: "Save photo" }).click();
  await expect(card.getByRole("status")).toHaveText(/Photo saved/);
  const [row] = await adminDb()<{ photo_path: string }[]>`select photo_path from public.profiles where id = ${athlete.profileId}`;

  // A visitor (the publishable key, no session) asks Storage to sign and to hand over its largest size.
  const base = `${stackEnv("NEXT_PUBLIC_SUPABASE_URL")}/storage/v1/object`;
  const headers = { apikey: stackEnv("NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY") };
  const sign = await request.post(`${base}/sign/avatars/${row!.photo_path}-512.webp`, { headers, data: { expiresIn: 60 } });
  expect(sign.ok()).toBe(false);
  const download = await request.get(`${base}/authenticated/avatars/${row!.photo_path}-512.webp`, { headers });
  expect(download.ok()).toBe(false);
  await page.context().clearCookies();
  const profile = await page.goto(`/profile/${athlete.profileId}`);
  expect(profile?.status()).toBe(404);
});

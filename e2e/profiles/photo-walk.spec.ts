import { devices, expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb } from "../support/db";
import { signInWithSession } from "../support/users";
import { createAthlete, createTeamFor } from "../teams/team-support";

// A new athlete's whole walk on a phone: "Continue with Google" from the urgent landing page, create-profile
// taking the Google picture (the local Google's, fetched by the server), the join request, the creator's
// accept in another browser, a new photo from Edit Profile, and that face on the team roster and in a
// message thread. Also: a picture that cannot be fetched leaves the profile saved with a note, and Apple
// (no picture) is offered none. Screens go to PHOTO_SCREENS_DIR (default test-results/photo-screens).
test.describe.configure({ timeout: 300_000 });

const screensDir = process.env.PHOTO_SCREENS_DIR ?? "test-results/photo-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screensDir}/${name}.png`, fullPage: true });

const pictureBox = "Use my Google picture as my profile photo";

// A describe block may not switch the browser type, which the device descriptor names.
const pixel7 = Object.fromEntries(
  Object.entries(devices["Pixel 7"]).filter(([key]) => key !== "defaultBrowserType"),
);

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

const loaded = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

/** The athlete's profile photo path (`<account>/<hash>`), or null. */
async function photoPathOf(email: string) {
  const [row] = await adminDb()<{ photo_path: string | null; id: string }[]>`
    select p.photo_path, p.id from public.profiles p join auth.users u on u.id = p.auth_id where u.email = ${email}`;
  return row ?? null;
}

/** At the local Google: a new account with this address and name (a real one is picked with one press). */
async function chooseGoogleAccount(page: Page, email: string, fullName: string) {
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Name").fill(fullName);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
}

test.describe("Pixel 7", () => {
  test.use(pixel7);

  test("Google sign-up to a face on the roster and in a message thread", async ({ page, browser }) => {
    const stamp = Date.now().toString(36);
    const email = `walk-${stamp}@example.com`;
    const fullName = "Wren Walker";
    // A team of its own that needs a runner within three days, like the demo's Peregian Pace Setters: the
    // walk fills its leg, which clears the urgent need, and the specs after this one rely on Peregian's.
    const captain = await createAthlete("cyclist", "captain");
    const team = await createTeamFor(captain, { name: `Walkers ${stamp}` });
    await adminDb()`update public.teams set urgent_role = 'runner', urgent_by = private.noosa_today() + 3
      where id = ${team.id}`;
    const intent = `/teams/${team.id}/join?as=runner`;
    // Where the urgent landing page's "Ask to join as a runner" card leads. The card itself is not pressed:
    // the page lists the three soonest urgent teams, and the suite's earlier tests make sooner ones
    // (e2e/teams/intent-and-public-team.spec.ts presses the first card, whichever team it is).
    await page.goto(`/auth?view=sign_up&next=${encodeURIComponent(intent)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await shot(page, "walk-1-sign-up");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await chooseGoogleAccount(page, email, fullName);

    // Create profile: the Google picture beside a box nobody has ticked.
    await expect(page).toHaveURL(`/create-profile?next=${encodeURIComponent(intent)}`, { timeout: 30_000 });
    const main = page.getByRole("main");
    const picture = main.getByRole("img", { name: "Your Google picture" });
    await expect(picture).toBeVisible();
    await expect.poll(() => loaded(picture)).toBe(true);
    const box = main.getByRole("checkbox", { name: pictureBox });
    await expect(box).not.toBeChecked();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await shot(page, "walk-2-create-profile");

    await main.getByLabel("Username").fill(`wren_${stamp}`);
    await main.getByLabel("Location").fill("Peregian Beach");
    await main.getByLabel("Experience level").selectOption({ label: "Intermediate" });
    await main.getByLabel("Goals").fill("Run the relay leg in under 50 minutes");
    await box.check();
    await main.getByRole("button", { name: "Create Profile" }).click();

    // The request, one press away; the profile already has the picture as its photo.
    await expect(page).toHaveURL(intent, { timeout: 30_000 });
    const first = await photoPathOf(email);
    expect(first?.photo_path).toMatch(/^[0-9a-f-]{36}\/[0-9a-f]{32}$/);
    const objects = await adminDb()`select name from storage.objects
      where bucket_id = 'avatars' and name like ${`${first!.photo_path}-%`}`;
    expect(objects.map((o) => o.name).sort()).toEqual(
      [
        `${first!.photo_path}-128.webp`,
        `${first!.photo_path}-512.webp`,
        `${first!.photo_path}-original.png`,
      ].sort(),
    );
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your request has been sent!" })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, "walk-3-request-sent");
    const [member] = await adminDb()<{ id: string }[]>`
      select id from public.team_members where team_id = ${team.id} and profile_id = ${first!.id}`;
    const memberId = member!.id;

    // The creator accepts on her own phone.
    const creator = await browser.newContext({ ...pixel7, reducedMotion: "reduce" });
    const creatorPage = await creator.newPage();
    await signInWithSession(creatorPage, captain, `/teams/${team.id}/requests/${memberId}`);
    await creatorPage.getByRole("button", { name: `Accept ${fullName}` }).click();
    await expect(creatorPage.getByText("Request accepted")).toBeVisible({ timeout: 20_000 });
    await shot(creatorPage, "walk-4-creator-accepted");

    // A new photo from Edit Profile replaces the Google picture.
    await page.goto("/edit-profile#photo");
    const card = page.locator("#photo");
    await card.getByLabel("Choose or take a photo").setInputFiles({
      name: "IMG_2001.jpg",
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 1000, height: 800, channels: 3, background: "#e76f51" } })
        .jpeg()
        .toBuffer(),
    });
    await card.getByRole("button", { name: "Save photo" }).click();
    await expect(card.getByRole("status")).toHaveText(/Photo saved/, { timeout: 20_000 });
    await expectNoAxeViolations(page);
    await shot(page, "walk-5-new-photo");
    const second = await photoPathOf(email);
    expect(second!.photo_path).not.toBe(first!.photo_path);
    const hash = second!.photo_path!.split("/")[1]!;

    // The face on the team's roster, beside the name.
    await page.goto(`/teams/${team.id}`);
    const row = page
      .getByRole("list", { name: "Members" })
      .getByRole("listitem")
      .filter({ hasText: fullName });
    const face = row.locator(`img[src*="${hash}"]`);
    await expect(face).toBeVisible();
    await expect.poll(() => loaded(face)).toBe(true);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await shot(page, "walk-6-roster");

    // The team chat opens for the new member.
    await page.goto(`/messages?team=${team.id}`);
    await expect(page.getByLabel("Message", { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, "walk-7-team-chat");

    // The creator writes to the new runner: the thread shows the runner's face.
    const [started] = await adminDb().begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true),
        set_config('request.jwt.claims', ${JSON.stringify({ sub: captain.id, role: "authenticated" })}, true)`;
      return tx<{ id: string }[]>`select public.start_conversation(${first!.id}) as id`;
    });
    await creatorPage.goto(`/messages?c=${started!.id}`);
    // (The list beside the thread has the face too, hidden on a phone while the thread is open.)
    const threadFace = creatorPage.getByRole("main").locator(`img[src*="${hash}"]:visible`).first();
    await expect(threadFace).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => loaded(threadFace)).toBe(true);
    await expectNoSidewaysScroll(creatorPage);
    await expectNoAxeViolations(creatorPage);
    await shot(creatorPage, "walk-8-message-thread");
    await creator.close();
  });
});

test("a Google picture that cannot be fetched leaves the profile saved, with a note", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `nopic-${stamp}@example.com`;
  await page.goto(`/auth?next=${encodeURIComponent("/dashboard")}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await chooseGoogleAccount(page, email, "Noor Nopic");
  await expect(page).toHaveURL(/\/create-profile/, { timeout: 30_000 });
  const main = page.getByRole("main");
  await expect(main.getByRole("img", { name: "Your Google picture" })).toBeVisible();

  // Between the page and the press, the provider's picture moves to a host the server may not ask.
  await adminDb()`update auth.identities i set identity_data = i.identity_data ||
      '{"picture": "http://127.0.0.1:9/elsewhere.png", "avatar_url": "http://127.0.0.1:9/elsewhere.png"}'
    from auth.users u where u.id = i.user_id and u.email = ${email}`;
  await main.getByLabel("Username").fill(`noor_${stamp}`);
  await main.getByLabel("Location").fill("Noosaville");
  await main.getByLabel("Specialty").selectOption("swimmer");
  await main.getByLabel("Experience level").selectOption({ label: "Beginner" });
  await main.getByLabel("Goals").fill("Finish my first sprint relay");
  await main.getByRole("checkbox", { name: pictureBox }).check();
  await main.getByRole("button", { name: "Create Profile" }).click();

  await expect(page).toHaveURL("/dashboard", { timeout: 30_000 });
  await expect(
    page.getByText(
      "Your profile is saved, but we couldn't use your Google picture. You can add a photo from Edit Profile.",
    ),
  ).toBeVisible();
  await shot(page, "picture-failed-note");
  const profile = await photoPathOf(email);
  expect(profile).not.toBeNull();
  expect(profile!.photo_path).toBeNull();
});

test("Apple gives no picture: create-profile offers none", async ({ page }) => {
  await page.goto(`/auth?next=${encodeURIComponent("/dashboard")}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Continue with Apple" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("E-mail address").fill(`apple-${Date.now().toString(36)}@example.com`);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(/\/create-profile/, { timeout: 30_000 });
  await expect(page.getByRole("main").getByLabel("Username")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /picture/ })).toHaveCount(0);
  await expect(page.getByText(/picture/i)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

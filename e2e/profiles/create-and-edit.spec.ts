import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { createConfirmedUser, signInWithSession } from "../support/users";
import { fillProfileForm, publicProfileId, uniqueUsername } from "./profile-form";
import { holdServerActions } from "../support/hold-actions";

const scriptText = `<script>window.__pwned = true</script><b>bold</b>`;

// These flows sign in, fill long forms and run several axe scans on two shared cores.
test.describe.configure({ timeout: 180_000 });

test.describe("profile pages for visitors", () => {
  for (const path of ["/create-profile", "/profile", "/edit-profile"]) {
    test(`${path} sends a visitor to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/auth\\?next=${encodeURIComponent(path)}$`));
    });
  }
});

test("an account without a profile is sent from /profile and /edit-profile to /create-profile", async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await signInWithSession(page, user);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/create-profile$/);
  await page.goto("/edit-profile");
  await expect(page).toHaveURL(/\/create-profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create Your Athlete Profile" })).toBeVisible();
});

test("bad input shows field messages as the user types and nothing is created", async ({ page }) => {
  const user = await createConfirmedUser();
  await signInWithSession(page, user, "/create-profile");
  await expect(page).toHaveURL(/\/create-profile$/);
  const main = page.getByRole("main");

  await main.getByLabel("Username").fill("ab");
  await main.getByLabel("Username").blur();
  await expect(main.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(main.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await main.getByLabel("Username").fill("abc");
  await expect(main.getByText("Username must be at least 3 characters")).toBeHidden();

  await main.getByLabel("Full name").fill("A");
  await main.getByLabel("Full name").blur();
  await expect(main.getByText("Full name must be at least 2 characters")).toBeVisible();

  await main.getByLabel("Goals").fill("too short");
  await main.getByLabel("Goals").blur();
  await expect(main.getByText("Please provide some details about your goals")).toBeVisible();

  await main.getByLabel("Username").fill("x".repeat(51));
  await expect(main.getByText("Username must be 50 characters or fewer")).toBeVisible();

  // Submitting with the rest empty: every required field says what is wrong; the action is never reached.
  await main.getByRole("button", { name: "Create Profile" }).click();
  await expect(main.getByText("Location is required")).toBeVisible();
  await expect(main.getByText("Please choose your specialty")).toBeVisible();
  await expect(main.getByText("Please choose your experience level")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/profile");
  await expect(page).toHaveURL(/\/create-profile$/);
});

test("a name that shows nothing (format characters, a null notehead, lone accents) counts as empty", async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await signInWithSession(page, user, "/create-profile");
  const main = page.getByRole("main");
  const dir = process.env.PROFILE_SCREENS_DIR ?? "test-results/profile-screens";
  for (const blank of [
    "\u{1d159}\u{1d159}\u{1d159}",
    "\ufff9\ufffa\ufffb",
    "\u0301\u0301 \u20dd",
    "\ue000\ue001",
  ]) {
    await main.getByLabel("Full name").fill(blank);
    await main.getByLabel("Full name").blur();
    await expect(main.getByText("Full name must be at least 2 characters")).toBeVisible();
    await expect(main.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  }
  await main.getByLabel("Full name").fill("Zo\u00eb Ng\u1eef");
  await expect(main.getByText("Full name must be at least 2 characters")).toBeHidden();
  await main.getByLabel("Full name").fill("\u0301\u0301\u0301");
  await main.getByRole("button", { name: "Create Profile" }).click();
  await expect(main.getByText("Full name must be at least 2 characters")).toBeVisible();
  await expectNoAxeViolations(page);
  for (const [name, size] of [
    ["pixel7", { width: 412, height: 915 }],
    ["360", { width: 360, height: 780 }],
    ["desktop", { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await main.getByLabel("Full name").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/blank-looking-name-${name}.png` });
  }
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/create-profile$/);
});

test("create → dashboard, view, edit → profile, public link signed out shows the edit", async ({
  page,
  browser,
}) => {
  const user = await createConfirmedUser();
  await signInWithSession(page, user, "/create-profile");
  await expect(page).toHaveURL(/\/create-profile$/);
  const main = page.getByRole("main");

  // The create form starts public and looking for a team (docs/product.md#profiles).
  await expect(main.getByRole("checkbox", { name: /Public profile/ })).toBeChecked();
  await expect(main.getByRole("checkbox", { name: /Looking for a team/ })).toBeChecked();

  const username = uniqueUsername("e2e");
  await fillProfileForm(page, {
    username,
    fullName: "Zoë Ōcean مريم",
    location: "Noosaville",
    bio: scriptText,
    specialty: "Cyclist",
    level: "Advanced",
    trainingPreference: "Dawn rides",
    goals: "Ride the 40 km leg under 65 minutes 🚴",
    times: { bike: "1:05:00" },
    days: ["Tuesday", "Saturday"],
    timesOfDay: ["Early morning"],
    achievements: ["Tour de Noosa finisher", "Remove me"],
  });
  await main.getByRole("button", { name: "Remove achievement: Remove me" }).click();
  await expect(main.getByText("Remove me")).toBeHidden();

  await main.getByRole("button", { name: "Create Profile" }).click();
  await expect(page.getByText("Profile created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // With a profile, /create-profile moves on to /profile, which lists the fields read-only.
  await page.goto("/create-profile");
  await expect(page).toHaveURL(/\/profile$/);
  for (const text of [
    username,
    "Zoë Ōcean مريم",
    "Noosaville",
    "Cyclist",
    "Advanced",
    "Dawn rides",
    "Public",
    "Looking for team",
  ]) {
    await expect(main.getByText(text, { exact: true }).first()).toBeVisible();
  }
  const id = await publicProfileId(page);

  // A visitor opens the shared link now, so the cached page holds the old name until the edit expires it.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/profile/${id}`);
  await expect(publicPage.getByRole("heading", { level: 1, name: "Zoë Ōcean مريم" })).toBeVisible();

  // Edit: prefilled, "Saving..." while busy, toast, then /profile after a second.
  await main.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(main.getByLabel("Username")).toHaveValue(username);
  await expect(main.getByLabel("Bio")).toHaveValue(scriptText);
  await expect(main.getByRole("checkbox", { name: "Tuesday", exact: true })).toBeChecked();
  await expect(
    main.getByRole("list", { name: "Your achievements" }).getByText("Tour de Noosa finisher"),
  ).toBeVisible();
  await main.getByLabel("Full name").fill("Zoë Renamed");
  await main.getByLabel("Location").fill("Tewantin");
  const save = main.getByRole("button", { name: /Save Changes|Saving\.\.\./ });
  const release = await holdServerActions(page, "**/edit-profile");
  await save.click();
  await expect(main.getByRole("button", { name: "Saving..." })).toBeDisabled();
  release();
  // The Toaster, mounted on the first toast of the visit: one, top-right (docs/product.md#limits). One condition, so
  // it holds while the (2 s) toast is on screen however slowly the checks run.
  await expect(
    page
      .locator('[data-sonner-toaster][data-y-position="top"][data-x-position="right"] [data-sonner-toast]')
      .filter({ hasText: "Profile updated successfully!" }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: /^Notifications/ })).toHaveCount(1);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(main.getByText("Zoë Renamed", { exact: true }).first()).toBeVisible();

  // Cancel goes back to /profile without saving.
  await page.goto("/edit-profile");
  await main.getByLabel("Full name").fill("Not Saved");
  await main.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(main.getByText("Zoë Renamed", { exact: true }).first()).toBeVisible();

  // The shared link, signed out: the edited data, script text shown as text and never run.
  const response = await publicPage.goto(`/profile/${id}`);
  expect(response?.status()).toBe(200);
  await expect(publicPage.getByRole("heading", { level: 1, name: "Zoë Renamed" })).toBeVisible();
  await expect(publicPage.getByText(`@${username}`)).toBeVisible();
  await expect(publicPage.getByText(scriptText)).toBeVisible();
  expect(
    await publicPage.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned),
  ).toBeUndefined();
  await expect(publicPage.getByRole("heading", { name: "Location" })).toBeVisible();
  await expect(publicPage.getByText("Tewantin")).toBeVisible();
  await expect(publicPage.getByText("1:05:00")).toBeVisible();
  await expect(publicPage).toHaveTitle(`Zoë Renamed (@${username}) | Noosa Tri Teams`);
  await visitor.close();
});

test("a taken username (any case) is refused at the field", async ({ page }) => {
  const user = await createConfirmedUser();
  await signInWithSession(page, user, "/create-profile");
  const main = page.getByRole("main");
  await fillProfileForm(page, {
    username: "MIA_SWIMS", // the seeded mia_swims
    fullName: "Copy Cat",
    location: "Noosa Heads",
    specialty: "Swimmer",
    level: "Beginner",
    goals: "Borrow someone else's handle",
  });
  await main.getByRole("button", { name: "Create Profile" }).click();
  await expect(page.getByText("Failed to create profile. Please try again.")).toBeVisible();
  await expect(main.getByText("That username is already taken")).toBeVisible();
  await expect(main.getByRole("button", { name: "Create Profile" })).toBeEnabled();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/create-profile$/);
});

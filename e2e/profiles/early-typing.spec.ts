import { expect, test, type Browser, type Page } from "@playwright/test";
import { createConfirmedUser, signInWithSession } from "../support/users";
import { uniqueUsername } from "./profile-form";

// What someone types while the page is still starting (a slow phone) must be kept as typed. The page's
// scripts are held back until the test has typed, so the server HTML is typed into before React starts.
test.describe.configure({ timeout: 180_000 });

/** True once React has hydrated the form (React then keeps its fiber on the element). */
const hydrated = (page: Page) =>
  // The profile form, not the photo's own form beside it on Edit Profile.
  page
    .locator('main form[aria-describedby="profile-form-status"]')
    .evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber")));

/**
 * A new tab of `page`'s session with nothing cached, whose scripts are held back until `start()`: the
 * page is on screen and usable as HTML, but React has not started.
 */
async function slowTab(browser: Browser, page: Page) {
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const tab = await context.newPage();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  // Scripts only: stylesheets block rendering, so holding them back would leave nothing on screen.
  await tab.route("**/_next/static/chunks/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  /** Lets the scripts load, then waits for React to take over and the form's start-up to settle. */
  async function start() {
    expect(await hydrated(tab), "typing must happen before hydration").toBe(false);
    release();
    await expect.poll(() => hydrated(tab), { timeout: 30_000 }).toBe(true);
    await tab.waitForLoadState("networkidle");
  }
  return { tab, start };
}

test("create and edit profile keep what is typed before the page has started", async ({ page, browser }) => {
  const user = await createConfirmedUser();
  await signInWithSession(page, user, "/create-profile");
  await expect(page).toHaveURL(/\/create-profile$/);
  const username = uniqueUsername("early");

  // Create: the empty form, filled in before React runs.
  const { tab: create, start: startCreate } = await slowTab(browser, page);
  await create.goto("/create-profile", { waitUntil: "commit" });
  const form = create.getByRole("main");
  await form.getByLabel("Username").waitFor();
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Full name").fill("Liam Original");
  await form.getByLabel("Location").fill("Tewantin");
  await form.getByLabel("Specialty").selectOption({ label: "Swimmer" });
  await form.getByLabel("Experience level").selectOption({ label: "Beginner" });
  await form.getByLabel("Goals").fill("Finish my first Noosa Triathlon");
  await form.getByRole("checkbox", { name: "Monday", exact: true }).check();
  await startCreate();
  await expect(form.getByLabel("Username")).toHaveValue(username);
  await expect(form.getByLabel("Goals")).toHaveValue("Finish my first Noosa Triathlon");
  await form.getByRole("button", { name: "Create Profile" }).click();
  await expect(create).toHaveURL(/\/dashboard$/);
  await create.context().close();

  // Edit: the prefilled form, changed in every kind of field before React runs.
  const { tab: edit, start: startEdit } = await slowTab(browser, page);
  await edit.goto("/edit-profile", { waitUntil: "commit" });
  const main = edit.getByRole("main");
  await main.getByLabel("Full name").waitFor();
  // The server HTML already shows the profile, so there is something to edit.
  await expect(main.getByLabel("Full name")).toHaveValue("Liam Original");
  await expect(main.getByLabel("Goals")).toHaveValue("Finish my first Noosa Triathlon");
  await expect(main.getByLabel("Experience level")).toHaveValue("beginner");
  await expect(main.getByRole("checkbox", { name: "Monday", exact: true })).toBeChecked();

  await main.getByLabel("Full name").fill("Edited Tester");
  await main.getByLabel("Goals").click();
  await edit.keyboard.press("ControlOrMeta+End");
  await edit.keyboard.type(" and more");
  await main.getByLabel("Experience level").selectOption({ label: "Advanced" });
  await main.getByRole("checkbox", { name: "Sunday", exact: true }).check();
  await main.getByRole("checkbox", { name: /Looking for a team/ }).uncheck();
  await main.getByLabel("New achievement").fill("Early bird");
  await startEdit();
  await expect(main.getByLabel("Full name")).toHaveValue("Edited Tester");
  await expect(main.getByLabel("Goals")).toHaveValue("Finish my first Noosa Triathlon and more");
  await expect(main.getByLabel("Experience level")).toHaveValue("advanced");
  await expect(main.getByRole("checkbox", { name: "Sunday", exact: true })).toBeChecked();
  await expect(main.getByRole("checkbox", { name: /Looking for a team/ })).not.toBeChecked();
  await expect(main.getByLabel("New achievement")).toHaveValue("Early bird");
  // The controlled achievement box heard it too: Add takes the early text.
  await main.getByRole("button", { name: "Add achievement" }).click();
  await expect(main.getByRole("list", { name: "Your achievements" }).getByText("Early bird")).toBeVisible();

  await main.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Profile updated successfully!")).toBeVisible();
  await expect(edit).toHaveURL(/\/profile$/);
  for (const text of ["Edited Tester", "Finish my first Noosa Triathlon and more", "Advanced"])
    await expect(main.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(main.getByText("Not looking", { exact: true })).toBeVisible();
  await edit.context().close();
});

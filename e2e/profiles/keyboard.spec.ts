import { expect, test, type Locator, type Page } from "@playwright/test";
import { createConfirmedUser, signInWithSession } from "../support/users";
import { uniqueUsername } from "./profile-form";

/** Presses Tab until `target` has focus (fails if it is not reachable), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, maxPresses = 80) {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`could not reach ${target} with Tab`);
}

test("the create form can be filled and sent with the keyboard alone", async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser();
  await signInWithSession(page, user, "/create-profile");
  await expect(page).toHaveURL(/\/create-profile$/);
  const main = page.getByRole("main");
  const type = (text: string) => page.keyboard.type(text);

  await tabTo(page, main.getByLabel("Username"));
  await type(uniqueUsername("kbd"));
  await page.keyboard.press("Tab");
  await type("Kay Board");
  await page.keyboard.press("Tab");
  await type("Sunshine Beach");
  await tabTo(page, main.getByLabel("Specialty"));
  await page.keyboard.press("ArrowDown"); // Swimmer
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown"); // Intermediate
  await tabTo(page, main.getByLabel("Goals"));
  await type("Swim the first leg for a relay team");
  await tabTo(page, main.getByRole("checkbox", { name: "Sunday", exact: true }));
  await page.keyboard.press("Space");
  await tabTo(page, main.getByLabel("New achievement"));
  await type("Keyboard champion");
  await page.keyboard.press("Enter"); // adds the achievement, does not submit
  await expect(
    main.getByRole("list", { name: "Your achievements" }).getByText("Keyboard champion"),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/create-profile$/);

  await expect(main.getByLabel("Specialty")).toHaveValue("swimmer");
  await expect(main.getByLabel("Experience level")).toHaveValue("intermediate");
  await expect(main.getByRole("checkbox", { name: "Sunday", exact: true })).toBeChecked();

  await tabTo(page, main.getByRole("button", { name: "Create Profile" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Profile created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

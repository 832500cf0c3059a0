import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO_PASSWORD, signInWithSession } from "../support/users";

// WCAG 2.2 A/AA scans of the signed-in profile screens, as demo accounts that are only viewed.
// (The public page and the not-found page are scanned in public-profile.spec.ts.)
test.describe.configure({ timeout: 120_000 });

test("create profile form has no axe violations, also after a failed submit", async ({ page }) => {
  await signInWithSession(page, { email: "ava@example.com", password: DEMO_PASSWORD }, "/create-profile");
  await expect(page).toHaveURL(/\/create-profile$/);
  await expectNoAxeViolations(page);
  await page.getByRole("main").getByRole("button", { name: "Create Profile" }).click();
  await expect(page.getByText("Location is required")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("own profile and edit form have no axe violations", async ({ page }) => {
  await signInWithSession(page, { email: "mia@example.com", password: DEMO_PASSWORD }, "/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Your Profile" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/edit-profile");
  await expect(page.getByRole("main").getByLabel("Username")).toHaveValue("mia_swims");
  await expectNoAxeViolations(page);
});

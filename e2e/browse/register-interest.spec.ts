import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb } from "../support/db";

test.describe.configure({ timeout: 90_000 });

test("register interest: typed at once, saved, and a repeat updates the same row", async ({ page }) => {
  const email = `interest-${randomUUID().slice(0, 8)}@example.test`;
  await page.goto("/register-interest");
  // Typed right after load, before hydration may have finished.
  await page.getByLabel("Name").fill("Sam Swimmer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Swimmer").check();
  await page.getByRole("button", { name: "Register Interest" }).click();
  await expect(page.getByRole("status")).toContainText("You're on the list!");
  await expect(page.getByRole("status")).toContainText(
    "Thanks, Sam Swimmer. We'll e-mail you when a team needs a swimmer.",
  );

  await page.goto("/register-interest");
  await page.getByLabel("Name").fill("Sam Runs Now");
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByLabel("Runner").check();
  await page.getByRole("button", { name: "Register Interest" }).click();
  await expect(page.getByRole("status")).toContainText("Your details are updated");

  const rows =
    await adminDb()`select name, specialty from public.interest_registrations where email = ${email}`;
  expect(rows).toEqual([{ name: "Sam Runs Now", specialty: "runner" }]);
});

test("bad input shows a message per field, keeps what was typed, and saves nothing", async ({ page }) => {
  await page.goto("/register-interest");
  await page.getByLabel("Name").fill("S");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Register Interest" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "Please check the highlighted fields.",
  );
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please choose your specialty")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("S");
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  const rows = await adminDb()`select 1 from public.interest_registrations where email = 'not-an-email'`;
  expect(rows).toHaveLength(0);
});

// (The page is prerendered: `○ /register-interest` in the build's route list.)
test("the page passes axe; the 404 page links to it", async ({ page }) => {
  await page.goto("/register-interest");
  await expectNoAxeViolations(page);
  await page.goto("/no-such-page-here");
  await page.getByRole("link", { name: "Register Interest" }).click();
  await expect(page).toHaveURL(/\/register-interest$/);
  await expect(page.getByRole("heading", { level: 1, name: "Hear when a team needs you" })).toBeVisible();
});

import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb } from "../support/db";
import { listMail, waitForMail } from "../support/mailbox";

// The double opt-in test waits for the stack's cron to send the confirmation e-mail; a busy machine is slow.
test.describe.configure({ timeout: 180_000 });

const screensDir = process.env.MY_DATA_SCREENS_DIR ?? "test-results/my-data-screens";
const shot = async (page: Page, name: string) => {
  for (const [label, size] of Object.entries({
    desktop: { width: 1280, height: 900 },
    mobile: { width: 390, height: 844 },
  })) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${screensDir}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};
/** An e-mail link's path and query: links are absolute on the configured site (production's by default). */
const onThisSite = (link: string) => `${new URL(link).pathname}${new URL(link).search}`;

test("register interest is double opt-in: typed at once, e-mailed, counted only once confirmed; a repeat overwrites nothing", async ({
  page,
}) => {
  const email = `interest-${randomUUID().slice(0, 8)}@example.test`;
  const since = new Date();
  await page.goto("/register-interest");
  // Typed right after load, before hydration may have finished.
  await page.getByLabel("Name").fill("Sam Swimmer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Swimmer").check();
  await page.getByRole("button", { name: "Register Interest" }).click();
  await expect(page.getByRole("status")).toContainText("Check your e-mail");
  await expect(page.getByRole("status")).toContainText(email);
  await expectNoAxeViolations(page);
  await shot(page, "register-interest-sent");
  // Nothing counts yet.
  expect(await adminDb()`select 1 from public.interest_registrations where email = ${email}`).toHaveLength(0);

  // The confirmation arrives through the notification outbox (the stack's cron runs the worker).
  const mail = await waitForMail(email, {
    subject: /Confirm your Register Interest/,
    since,
    timeout: 30_000,
  });
  expect(mail.text).toContain("Hi Sam,");
  expect(mail.headers["list-unsubscribe"]).toBeUndefined();
  const link = mail.links.find((l) => l.includes("/register-interest/confirm?token="));
  expect(link).toBeTruthy();

  // Opening the link changes nothing (mail scanners open links); the press does.
  await page.goto(onThisSite(link!));
  await expect(page.getByRole("heading", { name: "Confirm your details?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "register-interest-confirm");
  expect(await adminDb()`select 1 from public.interest_registrations where email = ${email}`).toHaveLength(0);
  await page.getByRole("button", { name: "Confirm my details" }).click();
  await expect(page.getByRole("heading", { name: "You're confirmed" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(
    "Thanks, Sam Swimmer. We'll e-mail you when a relay team needs a swimmer.",
  );
  await expectNoAxeViolations(page);
  await shot(page, "register-interest-confirmed");
  expect(
    await adminDb()`select name, specialty from public.interest_registrations where email = ${email} and confirmed_at is not null`,
  ).toEqual([{ name: "Sam Swimmer", specialty: "swimmer" }]);

  // Someone else types the same address: the same answer, no second e-mail this hour, nothing changed.
  await page.goto("/register-interest");
  await page.getByLabel("Name").fill("Not Sam");
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByLabel("Runner").check();
  await page.getByRole("button", { name: "Register Interest" }).click();
  await expect(page.getByRole("status")).toContainText("Check your e-mail");
  // More than one pass of the stack's cron (SUPABASE_LOCAL_CRON_SECONDS, set by test:e2e).
  await page.waitForTimeout((Number(process.env.SUPABASE_LOCAL_CRON_SECONDS) || 3) * 1000 + 1000);
  expect((await listMail(email)).filter((m) => /Confirm your Register/.test(m.subject))).toHaveLength(1);
  expect(
    await adminDb()`select name, specialty from public.interest_registrations where email = ${email}`,
  ).toEqual([{ name: "Sam Swimmer", specialty: "swimmer" }]);

  // A forged link confirms nothing.
  await page.goto("/register-interest/confirm?token=c1.3f1c2a9e-8d7b-4c6a-9e5f-0a1b2c3d4e5f.forged");
  await page.getByRole("button", { name: "Confirm my details" }).click();
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
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

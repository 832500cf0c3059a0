import { expect, test } from "@playwright/test";
import { alerts, saveScreen } from "./alerts";
import { expectNoAxeViolations } from "../support/axe";
import { createConfirmedUser, signInThroughUI } from "../support/users";

const views = [
  ["sign_in", "Sign in"],
  ["sign_up", "Create your account"],
  ["forgotten_password", "Reset your password"],
  ["magic_link", "Sign in with a magic link"],
  ["verify_otp", "Enter your code"],
  ["update_password", "Choose a new password"],
] as const;

test.describe("auth screens", () => {
  for (const [view, title] of views) {
    test(`/auth?view=${view} renders, passes axe (desktop and mobile)`, async ({ page }) => {
      test.slow(); // two axe runs: ~10 s each on a loaded two-core machine
      await page.goto(`/auth?view=${view}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreen(page, `auth-${view}`);
      await page.setViewportSize({ width: 375, height: 740 });
      await saveScreen(page, `auth-${view}-mobile`);
      await expectNoAxeViolations(page);
    });
  }

  test("the update_password view when signed in passes axe", async ({ page }) => {
    test.slow();
    const user = await createConfirmedUser();
    await signInThroughUI(page, user);
    await page.goto("/auth?view=update_password");
    await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("views switch by link and keep next", async ({ page }) => {
    await page.goto("/auth?next=%2Fteams");
    await page.getByRole("link", { name: "Sign up", exact: true }).click();
    await expect(page).toHaveURL("/auth?view=sign_up&next=%2Fteams");
    await expect(page.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByRole("link", { name: "Already have an account? Sign in" }).click();
    await page.getByRole("link", { name: "Email me a magic link" }).click();
    await expect(page).toHaveURL("/auth?view=magic_link&next=%2Fteams");
    await page.getByRole("link", { name: "Sign in with a password" }).click();
    await expect(page).toHaveURL("/auth?next=%2Fteams");
  });

  test("validation: empty, malformed and short inputs get clear messages and nothing is sent", async ({
    page,
  }) => {
    let actionCalls = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.headers()["next-action"]) actionCalls++;
    });
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    // The first invalid field gets focus and is marked invalid for assistive tech.
    await expect(page.getByLabel("Email address")).toBeFocused();
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    await saveScreen(page, "auth-sign-in-validation");

    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();

    await page.goto("/auth?view=sign_up");
    await page.getByLabel("Email address").fill("short@example.test");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();

    await page.goto("/auth?view=magic_link");
    await page.getByRole("button", { name: "Send magic link" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();

    await page.goto("/auth?view=verify_otp");
    await page.getByLabel("Email address").fill("a@example.test");
    await page.getByLabel("6-digit code").fill("12ab");
    await page.getByRole("button", { name: "Verify code" }).click();
    await expect(page.getByText("Enter the 6-digit code from your email")).toBeVisible();
    expect(actionCalls).toBe(0);
  });

  test("keyboard only: sign in with Tab, typing and Enter", async ({ page }) => {
    const user = await createConfirmedUser();
    await page.goto("/auth");
    const email = page.getByLabel("Email address");
    // Tab from the top of the page until the e-mail field has focus (skip link, header, tabs come first).
    for (let i = 0; i < 30 && !(await email.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(email).toBeFocused();
    await page.keyboard.type(user.email);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
    await page.keyboard.type(user.password);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("/auth/confirm states pass axe: invalid link and failed verification", async ({ page }) => {
    test.slow();
    await page.goto("/auth/confirm");
    await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
    await expect(page.getByText("Invalid confirmation link. Please try again.")).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreen(page, "auth-confirm-invalid");

    await page.goto("/auth/confirm?token_hash=pkce_not-a-real-token&type=email");
    await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
    await expect(alerts(page)).toContainText(/invalid|expired/i);
    await expectNoAxeViolations(page);
    await saveScreen(page, "auth-confirm-failed");

    await page.goto("/auth/confirm?token_hash=abc");
    await expect(page.getByText("Invalid confirmation link. Please try again.")).toBeVisible();
  });

  test("/auth/confirm shows Verifying your email... while it checks", async ({ page }) => {
    test.slow();
    // Hold the server action so the verifying state stays on screen while it is checked, and let it go once
    // it has been (rather than after a fixed wait).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route("**/auth/confirm**", async (route) => {
      if (route.request().method() === "POST") {
        held = true;
        await released;
      }
      await route.continue();
    });
    await page.goto("/auth/confirm?token_hash=pkce_slow&type=email");
    await expect(page.getByRole("status").filter({ hasText: "Verifying your email..." })).toBeVisible();
    await saveScreen(page, "auth-confirm-verifying");
    await expectNoAxeViolations(page);
    // Still verifying: the answer has not been let through yet.
    await expect.poll(() => held).toBe(true);
    await expect(page.getByRole("status").filter({ hasText: "Verifying your email..." })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible({ timeout: 30_000 });
  });

  test("/account/update-password passes axe and sends visitors to sign in", async ({ page }) => {
    await page.goto("/account/update-password");
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent("/account/update-password")}`);
    const user = await createConfirmedUser();
    await signInThroughUI(page, user, "/account/update-password");
    await expect(page.getByRole("heading", { level: 1, name: "Update Password" })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreen(page, "account-update-password");
    await page.setViewportSize({ width: 375, height: 740 });
    await saveScreen(page, "account-update-password-mobile");
  });

  test("the dashboard of an account without a profile guides it to create one and passes axe", async ({
    page,
  }) => {
    const user = await createConfirmedUser();
    await signInThroughUI(page, user);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Noosa Tri Teams" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Create your profile to get started" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreen(page, "dashboard-no-profile");
  });
});

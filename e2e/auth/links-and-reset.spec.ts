import { expect, test } from "@playwright/test";
import { alerts, saveScreen } from "./alerts";
import { authLink, listMail, oneTimeCode, waitForMail } from "../support/mailbox";
import {
  createConfirmedUser,
  requestMagicLink,
  resetLocalAuth,
  setLocalAuthConfig,
  signInThroughUI,
} from "../support/users";

test.describe("e-mail links", () => {
  test("magic link signs in and honours next", async ({ page }) => {
    const user = await createConfirmedUser();
    const since = new Date();
    await requestMagicLink(page, user.email, "/teams");
    await saveScreen(page, "auth-magic-link-sent");

    const link = authLink(await waitForMail(user.email, { since, subject: /sign-in|magic/i }));
    expect(new URL(link).searchParams.get("next")).toBe("/teams");
    await page.goto(link);
    await expect(page).toHaveURL(/\/teams$/);
    await expect(page.getByRole("heading", { level: 1, name: "Teams" })).toBeVisible();
  });

  test("the 6-digit code from the magic-link e-mail signs in on the verify_otp view", async ({ page }) => {
    const user = await createConfirmedUser();
    const since = new Date();
    await requestMagicLink(page, user.email);
    const code = oneTimeCode(await waitForMail(user.email, { since, subject: /sign-in|magic/i }));

    await page.getByRole("link", { name: "Have a 6-digit code? Enter it" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
    await page.getByLabel("Email address").fill(user.email);
    await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify code" }).click();
    await expect(alerts(page)).toContainText("That code is invalid or has expired");

    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Verify code" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a magic link for an unknown address answers the same and sends nothing", async ({ page }) => {
    const email = `nobody-${Date.now()}@example.test`;
    await requestMagicLink(page, email);
    await expect(alerts(page)).toHaveCount(0);
  });

  test("forgot password → reset link → new password → sign in with it", async ({ page, browser }) => {
    test.slow(); // two browser contexts and three e-mail round trips
    const user = await createConfirmedUser();
    const since = new Date();
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
    await page.getByLabel("Email address").fill(user.email);
    await page.getByRole("button", { name: "Send reset password instructions" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Check your email for the password reset link" }),
    ).toBeVisible();
    await saveScreen(page, "auth-reset-sent");

    const link = authLink(await waitForMail(user.email, { since, subject: /password/i }));
    expect(new URL(link).searchParams.get("type")).toBe("recovery");
    await page.goto(link);
    // Recovery → update_password view.
    await expect(page).toHaveURL(/\/auth\?view=update_password$/);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await saveScreen(page, "auth-update-password-view");

    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
    await page.getByLabel("Confirm new password").fill("brand-new-pazz");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await page.getByLabel("Confirm new password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Update password" }).click();
    // User updated → sign_in view with the library's confirmation.
    await expect(
      page.getByRole("status").filter({ hasText: "Your password has been updated" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await saveScreen(page, "auth-password-updated");

    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto("/auth");
    await other.getByLabel("Email address").fill(user.email);
    await other.getByLabel("Password", { exact: true }).fill(user.password);
    await other.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(alerts(other)).toHaveText("Invalid email or password");
    await signInThroughUI(other, { email: user.email, password: "brand-new-pass" });
    await expect(other).toHaveURL(/\/dashboard$/);
    await fresh.close();
  });

  test("/account/update-password changes the password and goes to the dashboard after 2 s", async ({
    page,
  }) => {
    const user = await createConfirmedUser();
    await signInThroughUI(page, user, "/account/update-password");
    await expect(page.getByRole("heading", { level: 1, name: "Update Password" })).toBeVisible();

    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByText("Please confirm your password")).toBeVisible();
    await page.getByLabel("New Password").fill("abc");
    await page.getByLabel("Confirm Password").fill("abd");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await saveScreen(page, "account-update-password-errors");

    await page.getByLabel("New Password").fill("another-pass-9");
    await page.getByLabel("Confirm Password").fill("another-pass-9");
    const started = Date.now();
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password Updated!")).toBeVisible();
    await expect(
      page.getByText("Your password has been successfully updated. Redirecting to dashboard..."),
    ).toBeVisible();
    await saveScreen(page, "account-update-password-done");
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  test("Cancel on /account/update-password goes to /auth, which sends a signed-in person on", async ({
    page,
  }) => {
    const user = await createConfirmedUser();
    await signInThroughUI(page, user, "/account/update-password");
    const cancel = page.getByRole("link", { name: "Cancel" });
    await expect(cancel).toHaveAttribute("href", "/auth");
    await cancel.click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("when the e-mail limit is reached, link and reset forms say so and nothing is sent", async ({
    page,
  }) => {
    const user = await createConfirmedUser();
    const before = (await listMail(user.email)).length;
    await resetLocalAuth();
    await setLocalAuthConfig({ rate_limits: { email_sent: 0 } });
    try {
      await page.goto("/auth?view=magic_link");
      await page.getByLabel("Email address").fill(user.email);
      await page.getByRole("button", { name: "Send magic link" }).click();
      await expect(alerts(page)).toHaveText(
        "Too many emails sent. Please wait a few minutes before trying again.",
      );

      await page.goto("/auth?view=forgotten_password");
      await page.getByLabel("Email address").fill(user.email);
      await page.getByRole("button", { name: "Send reset password instructions" }).click();
      await expect(alerts(page)).toHaveText(
        "Too many emails sent. Please wait a few minutes before trying again.",
      );
      await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toHaveCount(0);
    } finally {
      await resetLocalAuth();
    }
    expect(await listMail(user.email)).toHaveLength(before);
  });
});

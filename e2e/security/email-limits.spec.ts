import { expect, test } from "@playwright/test";
import { alerts, saveScreen } from "../auth/alerts";
import { listMail } from "../support/mailbox";
import { createConfirmedUser, resetLocalAuth, setLocalAuthConfig, uniqueEmail } from "../support/users";

// docs/security.md#rate-limits: e-mail limits must be said plainly where people meet them.
test.describe("e-mail limits", () => {
  test.afterEach(() => resetLocalAuth());

  test("the sign-up screen says so when the site-wide e-mail limit is spent", async ({ page }) => {
    const email = uniqueEmail("limit");
    await resetLocalAuth();
    await setLocalAuthConfig({ rate_limits: { email_sent: 0 } });
    await page.goto("/auth?view=sign_up");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(alerts(page)).toHaveText(
      "Too many emails sent. Please wait a few minutes before trying again.",
    );
    await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toHaveCount(0);
    expect(await listMail(email)).toHaveLength(0);
  });

  test("a second reset mail to one address within a minute is not sent, and reads the same", async ({
    page,
  }) => {
    const user = await createConfirmedUser();
    await resetLocalAuth();
    await setLocalAuthConfig({ email_max_frequency: 60 });
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.goto("/auth?view=forgotten_password");
      await page.getByLabel("Email address").fill(user.email);
      await page.getByRole("button", { name: "Send reset password instructions" }).click();
      // The same answer as a first request (or an unknown address): nothing tells whether it has an account.
      await expect(
        page.getByRole("status").filter({ hasText: "Check your email for the password reset link" }),
      ).toBeVisible();
      await expect(alerts(page)).toHaveCount(0);
    }
    expect(await listMail(user.email)).toHaveLength(1);
  });

  test("sign-up asked again within a minute says how long to wait", async ({ page }) => {
    const email = uniqueEmail("again");
    await resetLocalAuth();
    await setLocalAuthConfig({ email_max_frequency: 60 });
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.goto("/auth?view=sign_up");
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
      await page.getByRole("button", { name: "Sign up" }).click();
      if (attempt === 0) {
        await expect(
          page.getByRole("status").filter({ hasText: "Check your email for the confirmation link" }),
        ).toBeVisible();
      }
    }
    await expect(alerts(page)).toHaveText(
      /^We just sent an email to this address\. Please wait \d+ seconds before asking for another\.$/,
    );
    await saveScreen(page, "security-email-too-soon");
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreen(page, "security-email-too-soon-mobile", false);
    expect(await listMail(email)).toHaveLength(1);
  });
});

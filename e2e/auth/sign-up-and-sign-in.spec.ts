import { expect, test } from "@playwright/test";
import { alerts, saveScreen } from "./alerts";
import { authLink, waitForMail } from "../support/mailbox";
import {
  createConfirmedUser,
  resetLocalAuth,
  setLocalAuthConfig,
  signInThroughUI,
  uniqueEmail,
} from "../support/users";

test.describe("sign-up and sign-in", () => {
  test("a sign-in sent before the page is interactive never puts the password in the URL", async ({
    browser,
  }) => {
    // Without JavaScript the form is what a slow phone has before hydration: the browser submits it itself.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByLabel("Email address").fill("early@example.com");
    await page.getByLabel("Password", { exact: true }).fill("never-in-the-url");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).search).toBe("");
    expect(page.url()).not.toContain("never-in-the-url");
    await context.close();
  });

  test("sign up, follow the confirmation e-mail, land on the dashboard signed in", async ({ page }) => {
    const email = uniqueEmail("signup");
    const since = new Date();
    await page.goto("/auth?view=sign_up");
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Check your email for the confirmation link" }),
    ).toBeVisible();
    await saveScreen(page, "auth-sign-up-sent");

    // Not signed in yet: an unconfirmed account cannot sign in with its password.
    const mail = await waitForMail(email, { since, subject: /confirm/i });
    const link = authLink(mail);
    expect(new URL(link).pathname).toBe("/auth/confirm");
    expect(new URL(link).searchParams.get("type")).toBe("email");

    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Noosa Tri Teams" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    // History was replaced: Back does not return to the one-time link.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/auth\/confirm/);
  });

  test("a used confirmation link fails with the server's message and both way-outs", async ({
    page,
    context,
  }) => {
    const email = uniqueEmail("reuse");
    const since = new Date();
    await page.goto("/auth?view=sign_up");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
    await page.getByRole("button", { name: "Sign up" }).click();
    const link = authLink(await waitForMail(email, { since, subject: /confirm/i }));
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);

    await context.clearCookies();
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
    await expect(alerts(page)).toContainText(/invalid|expired/i);
    await expect(page.getByRole("link", { name: "Go to Sign In" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
  });

  test("with confirmations off, sign-up signs the person straight in", async ({ page }) => {
    await setLocalAuthConfig({ enable_confirmations: false });
    try {
      const email = uniqueEmail("autoconfirm");
      await page.goto("/auth?view=sign_up");
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(email)).toBeVisible();
    } finally {
      await resetLocalAuth();
    }
  });

  test("sign in with a password goes to the dashboard", async ({ page }) => {
    const user = await createConfirmedUser();
    await signInThroughUI(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    // A new account has no profile yet: the dashboard guides it to create one.
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Noosa Tri Teams" })).toBeVisible();
  });

  test("a wrong password and an unknown address get the same message, in a danger box", async ({ page }) => {
    const user = await createConfirmedUser();
    await page.goto("/auth");
    await page.getByLabel("Email address").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const alert = alerts(page);
    await expect(alert).toHaveText("Invalid email or password");
    await saveScreen(page, "auth-sign-in-error");

    await page.getByLabel("Email address").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(alert).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("too many failed sign-ins give a clear try-again-later message", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Email address").fill(uniqueEmail("limited"));
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    const submit = page.getByRole("button", { name: "Sign in", exact: true });
    // Each click waits for its server action to answer, so the attempts are counted one by one.
    const attempt = () =>
      Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/auth")),
        submit.click(),
      ]);
    await resetLocalAuth();
    await setLocalAuthConfig({ rate_limits: { sign_in_sign_ups: 2 } });
    try {
      for (let i = 0; i < 2; i++) {
        await attempt();
        await expect(alerts(page)).toHaveText("Invalid email or password");
      }
      await attempt();
      await expect(alerts(page)).toHaveText("Too many attempts. Please try again later.");
    } finally {
      await resetLocalAuth();
    }
  });
});

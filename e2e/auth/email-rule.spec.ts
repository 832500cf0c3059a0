import { devices, expect, test, type Page } from "@playwright/test";
import { saveScreen } from "./alerts";
import { listMail } from "../support/mailbox";

// Supabase Auth refuses these addresses (400 validation_failed); the forms refuse them first, with the
// message of any malformed address, and nothing reaches Auth: no account, no e-mail.
const refused = ["xx:;x@x.x", "a@b-.com", `a@${"a".repeat(64)}.com`];

const forms = [
  { view: "sign_up", button: "Sign up", password: true },
  { view: "magic_link", button: "Send magic link", password: false },
  { view: "forgotten_password", button: "Send reset password instructions", password: false },
] as const;

async function submit(page: Page, form: (typeof forms)[number], email: string) {
  await page.goto(`/auth?view=${form.view}`);
  await page.getByLabel("Email address").fill(email);
  if (form.password) await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
  await page.getByRole("button", { name: form.button }).click();
}

test.describe("addresses Supabase Auth would refuse", () => {
  for (const form of forms) {
    test(`the ${form.view} form refuses them before calling Auth`, async ({ page }) => {
      const actions: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.headers()["next-action"]) actions.push(request.url());
      });
      for (const email of refused) {
        await submit(page, form, email);
        await expect(page.getByText("Enter a valid email address")).toBeVisible();
        await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
        await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toHaveCount(0);
      }
      expect(actions).toEqual([]);
      for (const email of refused) expect(await listMail(email)).toEqual([]);
    });
  }

  test("what it looks like on a Pixel 7, at 360 px and on a desktop", async ({ browser, page, baseURL }) => {
    await submit(page, forms[0], "a@b-.com");
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await saveScreen(page, "auth-email-rule-desktop");
    for (const [name, options] of [
      ["pixel7", devices["Pixel 7"]],
      ["360", { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true }],
    ] as const) {
      const context = await browser.newContext({ ...options, baseURL, reducedMotion: "reduce" });
      const phone = await context.newPage();
      await submit(phone, forms[0], "xx:;x@x.x");
      await expect(phone.getByText("Enter a valid email address")).toBeVisible();
      await saveScreen(phone, `auth-email-rule-${name}`);
      await context.close();
    }
  });
});

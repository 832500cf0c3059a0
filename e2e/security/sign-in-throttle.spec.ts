import { expect, test, type Browser } from "@playwright/test";
import { alerts, saveScreen } from "../auth/alerts";
import { createConfirmedUser } from "../support/users";

// Issue 13, item 2. Each visitor gets its own address the way a proxy would pass it on (x-forwarded-for),
// so this test neither counts against nor depends on the other tests' 127.0.0.1.
async function visitor(browser: Browser, address: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
  return { context, page: await context.newPage() };
}

test("wrong passwords slow the guesser down, not the account's owner elsewhere", async ({
  browser,
  baseURL,
}) => {
  const user = await createConfirmedUser();
  const attacker = await visitor(browser, "203.0.113.77");
  await attacker.page.goto("/auth");
  await attacker.page.getByLabel("Email address").fill(user.email);
  for (let i = 0; i < 6; i++) {
    await attacker.page.getByLabel("Password", { exact: true }).fill(`wrong-${i}`);
    // Wait for the server action's answer, so each attempt is counted before the next.
    await Promise.all([
      attacker.page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/auth")),
      attacker.page.getByRole("button", { name: "Sign in", exact: true }).click(),
    ]);
    await expect(alerts(attacker.page)).toHaveText(
      i < 5 ? "Invalid email or password" : "Too many attempts, try again in 15 minutes.",
    );
  }
  await saveScreen(attacker.page, "security-sign-in-throttled");
  await attacker.page.setViewportSize({ width: 390, height: 844 });
  await saveScreen(attacker.page, "security-sign-in-throttled-mobile", false);
  await attacker.context.close();

  const owner = await visitor(browser, "198.51.100.77");
  await owner.page.goto("/auth");
  await owner.page.getByLabel("Email address").fill(user.email);
  await owner.page.getByLabel("Password", { exact: true }).fill(user.password);
  await owner.page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(owner.page).toHaveURL(`${baseURL}/dashboard`);
  await owner.context.close();
});

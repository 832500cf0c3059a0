import { expect, test, type Browser } from "@playwright/test";
import { alerts, saveScreen } from "../auth/alerts";
import { createConfirmedUser } from "../support/users";

// docs/security.md#rate-limits. Each visitor gets its own address the way a proxy would pass it on (x-forwarded-for),
// so this test neither counts against nor depends on the other tests' 127.0.0.1. The e2e app server runs
// with TRUSTED_PROXY=127.0.0.1 (playwright.config.ts): the browser plays the proxy in front of the app.
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

// docs/security.md#client-address: after one address was blocked, ten more guesses, each with a new made-up
// X-Forwarded-For, all reached the password check. Behind a proxy the client's own entries come first and
// the address the proxy saw last (nginx's $proxy_add_x_forwarded_for); only that last one may count.
test("a made-up X-Forwarded-For does not get a throttled guesser more tries", async ({ browser }) => {
  const user = await createConfirmedUser();
  const real = "203.0.113.78";
  const attacker = await visitor(browser, real);
  await attacker.page.goto("/auth");
  await attacker.page.getByLabel("Email address").fill(user.email);
  const guess = async (i: number) => {
    await attacker.page.getByLabel("Password", { exact: true }).fill(`wrong-${i}`);
    await Promise.all([
      attacker.page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/auth")),
      attacker.page.getByRole("button", { name: "Sign in", exact: true }).click(),
    ]);
  };
  for (let i = 0; i < 5; i++) await guess(i);
  for (let i = 0; i < 10; i++) {
    await attacker.page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${10 + i}, ${real}` });
    await guess(5 + i);
    await expect(alerts(attacker.page)).toHaveText("Too many attempts, try again in 15 minutes.");
  }
  await attacker.context.close();
});

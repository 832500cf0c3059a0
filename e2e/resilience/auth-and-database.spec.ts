import { expect, test } from "@playwright/test";
import { restartPostgres, setAuthFault } from "@noosa-tri/supabase-local/test-support";
import { expectNoAxeViolations } from "../support/axe";
import { signInThroughUI } from "../support/users";
import { adminSql, makeAthlete, signedInPage } from "../messages/support";

// Race-week faults (docs/performance.md#faults): Auth slow or down, and the database restarting, seen from the browser.
test.describe.configure({ timeout: 180_000 });
let sql = adminSql();
test.afterAll(() => sql.end());
test.afterEach(() => setAuthFault({ delayMs: 0, down: false }));

const shots = "test-results-load/screens";

test("Auth down: signed-in pages keep working on their verified session; sign-in says it cannot now", async ({
  browser,
}) => {
  const mia = await makeAthlete(sql, "Mia Outage");
  const signedIn = await signedInPage(browser, mia, "/dashboard");
  await expect(signedIn.page.getByRole("heading", { name: "Welcome, Mia Outage" })).toBeVisible();

  await setAuthFault({ down: true });
  for (const path of ["/dashboard", "/messages", "/browse"]) {
    await signedIn.page.goto(path);
    await expect(signedIn.page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(signedIn.page).toHaveURL(new RegExp(`${path}$`));
  }
  await expect(signedIn.page.getByRole("heading", { level: 1 })).toBeVisible();

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto("/auth");
  await page.getByLabel("Email address").fill(mia.email);
  await page.getByLabel("Password", { exact: true }).fill(mia.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(
    page.getByText("We can't reach our sign-in service right now. Please try again in a few minutes."),
  ).toBeVisible();
  await expect(page.getByText("Invalid email or password")).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/auth-down-sign-in-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/auth-down-sign-in-phone.png` });

  // Back up: the same form signs in, and the failures during the outage were not counted against her.
  await setAuthFault({ down: false });
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/);
  await visitor.close();
  await signedIn.context.close();
});

test("Auth slow (2 s a call): signed-in pages do not wait for it, sign-in still works", async ({
  browser,
}) => {
  const jack = await makeAthlete(sql, "Jack Slow");
  const signedIn = await signedInPage(browser, jack, "/dashboard");
  await setAuthFault({ delayMs: 2000 });
  const started = Date.now();
  await signedIn.page.goto("/messages");
  await expect(signedIn.page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
  // Not a timing target: only that no Auth call sits in the page's path (one would cost 2 s alone).
  expect(Date.now() - started).toBeLessThan(2000 + 8000);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await signInThroughUI(page, jack, "/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Jack Slow" })).toBeVisible();
  await visitor.close();
  await signedIn.context.close();
});

test("the database restarts: pages say so plainly while it is down and work again once it is back", async ({
  browser,
}) => {
  const liam = await makeAthlete(sql, "Liam Restart");
  const { page, context } = await signedInPage(browser, liam, "/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Liam Restart" })).toBeVisible();
  const restarted = restartPostgres(6000);
  await sql.end({ timeout: 1 }).catch(() => {});
  // Wait until the database refuses connections, then ask for a page while it is down.
  const probe = adminSql();
  await expect
    .poll(
      () =>
        probe`select 1`.then(
          () => "up",
          () => "down",
        ),
      { timeout: 10_000, intervals: [100] },
    )
    .toBe("down");
  await probe.end({ timeout: 1 }).catch(() => {});
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "We can't load this right now" })).toBeVisible();
  await expect(page.getByText("Our database isn't answering at the moment.")).toBeVisible();
  await expect(page.getByText(/\bat .+\.js:\d+/)).toHaveCount(0); // no stack
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/db-down-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/db-down-phone.png` });
  await restarted;
  sql = adminSql();
  // Back: the same tab recovers on the next request, without signing in again.
  await expect(async () => {
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "We can't load this right now" })).toHaveCount(0);
    await expect(page.getByText("Liam Restart").first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await context.close();
});

import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { createAthlete } from "../support/db";
import { sessionCookieName, signInWithSession } from "../support/users";

// docs/security.md#sessions: an access token still verifies offline for up to an hour after its session
// ended. A cookie kept from before a sign-out (copied, or on another device after "sign out everywhere")
// must be treated as signed out by the pages and routes that need the account, not half-work: before, the
// data download answered 500 and Settings rendered on top of permission errors.
test("a cookie kept from before sign-out: my data answers 401 and Settings goes to sign-in", async ({
  page,
  browser,
  baseURL,
}) => {
  const athlete = await createAthlete({ fullName: "Ended Session" });
  await signInWithSession(page, athlete, "/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const kept = (await page.context().cookies()).filter((c) => c.name.startsWith(sessionCookieName()));
  expect(kept.length).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);

  const stale = await browser.newContext({ baseURL });
  try {
    await stale.addCookies(kept);
    const download = await stale.request.get("/api/my-data");
    expect(download.status()).toBe(401);
    expect(await download.json()).toEqual({ error: "Sign in to download your data." });

    const again = await stale.newPage();
    await again.goto("/settings");
    await expect(again).toHaveURL(`/auth?next=${encodeURIComponent("/settings")}`);
    await expect(again.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expectNoAxeViolations(again);
  } finally {
    await stale.close();
  }
});

import { expect, test } from "@playwright/test";
import { createConfirmedUser } from "../support/users";

// docs/security.md#redirects: `next` values that look like paths but normalise to `//host`.
const hostile = ["/.//localhost:3901/pwned", "/%2e//localhost:3901/pwned", "/a/..//localhost:3901/pwned"];

test.describe("open redirect", () => {
  test("sign-in with a hostile next lands on the dashboard, on this site", async ({ page, baseURL }) => {
    const user = await createConfirmedUser();
    const offSite: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).port === "3901") offSite.push(request.url());
    });

    await page.goto(`/auth?next=${encodeURIComponent(hostile[0]!)}`);
    await page.getByLabel("Email address").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/dashboard`);

    // Signed in, /auth sends the visitor on to `next` at once: it must stay on the site too.
    for (const next of hostile) {
      await page.goto(`/auth?next=${encodeURIComponent(next)}`);
      await expect(page).toHaveURL(`${baseURL}/dashboard`);
    }
    expect(offSite).toEqual([]);
  });
});

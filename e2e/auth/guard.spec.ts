import { expect, test } from "@playwright/test";
import { authLink, waitForMail } from "../support/mailbox";
import { saveScreen } from "./alerts";
import { createConfirmedUser, requestMagicLink, sessionCookieName, signInThroughUI } from "../support/users";

const protectedRoutes = [
  "/dashboard",
  "/profile",
  "/edit-profile",
  "/messages",
  "/teams",
  "/teams/create",
  // A team's own page is public (docs/product.md#public-team-pages); its edit page and the join confirm step are not.
  "/teams/6f1c2a9e-0000-4000-8000-000000000001/edit",
];
const joinRoute = "/teams/6f1c2a9e-0000-4000-8000-000000000001/join?as=runner";

test.describe("the guard on protected routes", () => {
  for (const route of protectedRoutes) {
    test(`a visitor opening ${route} is sent to /auth with next, and returns there after signing in`, async ({
      page,
    }) => {
      await page.goto(route);
      await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(route)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

      const user = await createConfirmedUser();
      await page.getByLabel("Email address").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      // /profile, /edit-profile and a join confirm step may send a person without a profile on to
      // /create-profile (the confirm step with itself as `next`).
      const landed = new RegExp(`${route.replace(/[/]/g, "\\/")}$|/create-profile(\\?next=[^&]+)?$`);
      await expect(page).toHaveURL(landed);
    });
  }

  test("a visitor opening a join confirm step is sent to sign-up with next, and returns there after signing in", async ({
    page,
  }) => {
    await page.goto(joinRoute);
    await expect(page).toHaveURL(`/auth?view=sign_up&next=${encodeURIComponent(joinRoute)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await page.getByRole("link", { name: "Sign in", exact: true }).first().click();
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(joinRoute)}`);
    const user = await createConfirmedUser();
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Email address").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // No profile yet: on to create-profile, with the confirm step as its `next`.
    await expect(page).toHaveURL(`/create-profile?next=${encodeURIComponent(joinRoute)}`);
  });

  test("the query string survives the round trip", async ({ page }) => {
    await page.goto("/teams?tab=mine");
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent("/teams?tab=mine")}`);
    const user = await createConfirmedUser();
    await page.getByLabel("Email address").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/teams\?tab=mine$/);
  });

  for (const evil of ["//evil.example", "https://evil.example", "/\\evil.example", "/%5Cevil.example"]) {
    test(`next=${evil} lands on /dashboard after sign-in`, async ({ page }) => {
      const user = await createConfirmedUser();
      await signInThroughUI(page, user, evil);
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
    });

    test(`a confirmation link with next=${evil} lands on /dashboard`, async ({ page }) => {
      // A valid token with a hostile next: verification succeeds, the redirect stays on the site.
      const { email } = await createConfirmedUser();
      const since = new Date();
      await requestMagicLink(page, email);
      const link = new URL(authLink(await waitForMail(email, { since })));
      link.searchParams.set("next", evil);
      await page.goto(link.toString());
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
    });
  }

  test("sign out ends the session, clears the cookie and goes home", async ({ page, context }) => {
    const user = await createConfirmedUser();
    await signInThroughUI(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookieName = sessionCookieName();
    expect((await context.cookies()).some((c) => c.name.startsWith(cookieName))).toBe(true);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect
      .poll(async () => (await context.cookies()).filter((c) => c.name.startsWith(cookieName)).length)
      .toBe(0);

    await page.goto("/dashboard");
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent("/dashboard")}`);
  });

  test("the top bar shows Dashboard, Teams and Profile only when signed in", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

    const user = await createConfirmedUser();
    await signInThroughUI(page, user);
    await page.goto("/");
    for (const name of ["Dashboard", "Teams", "Profile"])
      await expect(nav.getByRole("link", { name })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sign In" })).toHaveCount(0);

    // Mobile: the same links inside the menu disclosure.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await saveScreen(page, "top-bar-signed-in-mobile", false);
  });

  test("a forged session cookie is not a session", async ({ page, context, baseURL }) => {
    const fake = Buffer.from(
      JSON.stringify({
        access_token: "x.y.z",
        refresh_token: "nope",
        expires_at: 9999999999,
        expires_in: 3600,
        token_type: "bearer",
        user: { id: "d0000000-0000-4000-8000-000000000001" },
      }),
    ).toString("base64url");
    await context.addCookies([{ name: sessionCookieName(), value: `base64-${fake}`, url: baseURL! }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard$/);
  });
});

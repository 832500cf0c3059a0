import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../support/users";
import { signIn } from "./team-support";

// Full-page screenshots of every team screen at desktop and phone width, for people to look at
// (TEAM_SCREENS_DIR, default test-results/teams-screens). Read-only: demo accounts are only viewed.
test.describe.configure({ timeout: 150_000 });

const viewports = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } };
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `${process.env.TEAM_SCREENS_DIR ?? "test-results/teams-screens"}/${name}.png`,
    fullPage: true,
  });
const mia = { email: "mia@example.com", password: DEMO_PASSWORD };
const ava = { email: "ava@example.com", password: DEMO_PASSWORD };

for (const [label, viewport] of Object.entries(viewports)) {
  test(`team screens at ${label} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // Mia: her open team with Noah's pending request.
    await signIn(page, mia, "/teams");
    await expect(page.getByRole("heading", { name: "Available Teams" })).toBeVisible();
    await shot(page, `teams-${label}`);
    await page.goto("/teams/7ea40000-0000-4000-8000-000000000001");
    await expect(page.getByRole("list", { name: "Pending requests" })).toBeVisible();
    await shot(page, `team-creator-${label}`);
    await page.goto("/teams/7ea40000-0000-4000-8000-000000000001/edit");
    await expect(page.getByRole("main").getByLabel("Team name")).toHaveValue("Noosa Heads Dawn Patrol");
    await shot(page, `team-edit-${label}`);
    await page.goto("/teams/create");
    await expect(page.getByRole("heading", { name: "Team Limit Reached" })).toBeVisible();
    await shot(page, `team-limit-${label}`);
    await page.goto("/teams/7ea40000-0000-4000-8000-000000000002");
    await expect(page.getByRole("list", { name: "Members" })).toBeVisible();
    await shot(page, `team-full-visitor-${label}`);
    await page.goto("/teams/7ea40000-0000-4000-8000-000000000002/edit");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await shot(page, `team-access-denied-${label}`);
    await page.goto("/teams/7ea40000-0000-4000-8000-000000000004");
    await expect(page.getByRole("heading", { name: "Error loading team" })).toBeVisible();
    await shot(page, `team-not-found-${label}`);
    await page.context().clearCookies();

    // Ava has no profile and no team: the create page tells her to make a profile first.
    await signIn(page, ava, "/teams/create");
    await expect(page.getByRole("heading", { name: "Please create your profile first" })).toBeVisible();
    await shot(page, `team-create-no-profile-${label}`);
  });
}

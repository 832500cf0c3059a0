import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb } from "../support/db";

// Takes every listed athlete and open team off the listing for one test, then puts them back exactly.
let hiddenProfiles: string[] = [];
let hiddenTeams: string[] = [];

test.beforeEach(async () => {
  const db = adminDb();
  hiddenProfiles = (
    await db<{ id: string }[]>`
    update public.profiles set looking_for_team = false where is_public and looking_for_team returning id`
  ).map((r) => r.id);
  hiddenTeams = (
    await db<{ id: string }[]>`
    update public.teams set status = 'full' where status = 'open' returning id`
  ).map((r) => r.id);
});

test.afterEach(async () => {
  const db = adminDb();
  if (hiddenProfiles.length)
    await db`update public.profiles set looking_for_team = true where id in ${db(hiddenProfiles)}`;
  if (hiddenTeams.length) await db`update public.teams set status = 'open' where id in ${db(hiddenTeams)}`;
});

test("with no open teams and no athletes: the banner and both section messages", async ({ page }) => {
  // Visitors' /browse lists are cached (docs/architecture.md#caching): a change made straight in SQL, as here, announces itself
  // to no cache and shows within 5 s; a change through the app expires them at once.
  await expect(async () => {
    await page.goto("/browse");
    await expect(page.getByRole("heading", { name: "No listings yet" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const banner = page.getByRole("heading", { name: "No listings yet" }).locator("..");
  await expect(banner.getByRole("link", { name: "Create a Team" })).toHaveAttribute("href", "/auth");
  await expect(banner.getByRole("link", { name: "Create Your Profile" })).toHaveAttribute("href", "/auth");
  const teams = page.getByRole("region", { name: "Available Teams" });
  await expect(teams.getByText("No open teams right now. You can start one in minutes.")).toBeVisible();
  await expect(teams.getByRole("link", { name: "Start a team" })).toHaveAttribute("href", "/auth");
  const athletes = page.getByRole("region", { name: "Available Athletes" });
  await expect(athletes.getByText("No athletes are publicly listed right now.")).toBeVisible();
  await expect(athletes.getByRole("link", { name: "List yourself" })).toHaveAttribute("href", "/auth");
  await expect(page.getByText("0 open teams")).toBeVisible();
  await expectNoAxeViolations(page);
});

import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { createAthlete, createTeamFor, db, signIn } from "./team-support";
import { holdServerActions } from "../support/hold-actions";

test.describe.configure({ timeout: 180_000 });

test("team pages send a visitor to /auth", async ({ page }) => {
  for (const path of ["/teams", "/teams/create"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth\?next=/);
  }
});

test("create a team → /teams; then the limit page; field messages for bad input", async ({ page }) => {
  const me = await createAthlete("cyclist");
  await signIn(page, me, "/teams/create");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Team Information" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Team Requirements" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Bad input: the product's messages at the field, nothing created.
  await main.getByLabel("Team name").fill("ab");
  await main.getByLabel("Description").fill("short");
  await main.getByRole("button", { name: "Create Team" }).click();
  await expect(main.getByText("Team name must be at least 3 characters")).toBeVisible();
  await expect(main.getByText("Description must be at least 10 characters")).toBeVisible();
  await expect(main.getByText("Please select at least one role")).toBeVisible();
  await expect(main.getByText("Please select at least one experience level")).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await db()`select 1 from public.teams where creator_id = ${me.id}`).toHaveLength(0);

  const name = `Keen Kickers ${me.profileId.slice(0, 4)}`;
  await main.getByLabel("Team name").fill(name);
  await main.getByLabel("Description").fill("We ride hard and want a swimmer and a runner.");
  await main.getByLabel("Team size").selectOption("2");
  await main.getByRole("checkbox", { name: "Swimmer" }).check();
  await main.getByRole("checkbox", { name: "Intermediate" }).check();
  await main.getByRole("checkbox", { name: "Saturday" }).check();
  const release = await holdServerActions(page, "**/teams/create");
  await main.getByRole("button", { name: "Create Team" }).click();
  await expect(main.getByRole("button", { name: "Creating Team..." })).toBeDisabled();
  release();
  await expect(page.getByText("Team created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/teams$/);
  // The toast is short (2 s): when axe below still sees it, its colours are checked too; that they pass
  // whatever the timing is lib/toast-config.test.ts's job.

  const mine = page.getByRole("region", { name: "My Team" });
  await expect(mine.getByRole("article", { name })).toBeVisible();
  await expect(mine.getByRole("button", { name: "Your Team" })).toBeDisabled();
  await expect(page.getByText("Team limit reached")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create a Team" })).toHaveCount(0);
  // The new team comes with a nudge to share it, first on the page.
  const share = page.getByRole("region", { name: `${name} is live. Share it to fill your legs sooner.` });
  await expect(share).toBeVisible();
  await expect(share.getByRole("button", { name: "Share" })).toBeVisible();
  await expect(share.getByRole("link", { name: "View team" })).toHaveAttribute(
    "href",
    /^\/teams\/[0-9a-f-]{36}$/,
  );
  // Under it, the listing question speaks to a creator: Browse lists the team now, not "you're no longer
  // listed" right above "Share it to fill your legs".
  await expect(page.getByText("You're no longer listed as looking for a team")).toHaveCount(0);
  const listing = page.getByRole("region", { name: `Browse now lists ${name}, not you` });
  await expect(listing).toBeVisible();
  expect((await listing.boundingBox())!.y).toBeGreaterThan((await share.boundingBox())!.y);
  await page.screenshot({ path: "test-results/chat-screens/teams-share-prompt-desktop.png" });
  await expectNoAxeViolations(page);
  const [member] =
    await db()`select m.role, m.status from public.team_members m join public.teams t on t.id = m.team_id
                              where t.creator_id = ${me.id}`;
  expect(member).toEqual({ role: "cyclist", status: "active" });

  await page.goto("/teams/create");
  await expect(page.getByRole("heading", { name: "Team Limit Reached" })).toBeVisible();
  await expect(
    page.getByText("Each user can create one team. Manage your existing team or browse available athletes."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage My Team" })).toHaveAttribute("href", "/teams");
  await expect(page.getByRole("main").getByRole("link", { name: "Browse Athletes" })).toHaveAttribute(
    "href",
    "/browse",
  );
  await expectNoAxeViolations(page);
});

test("edit: prefilled, keeps typing done before hydration, Saving Changes..., back to the team", async ({
  page,
}) => {
  const me = await createAthlete("runner");
  const team = await createTeamFor(me, { name: `Edit Me ${me.profileId.slice(0, 4)}` });
  await signIn(page, me, "/teams");

  // Hold the page's scripts so the form is typed into before React hydrates it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Only scripts: stylesheets live there too and holding them would keep the page from rendering.
  const scripts = /\/_next\/static\/chunks\/.*\.js(\?|$)/;
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/teams/${team.id}/edit`, { waitUntil: "commit" });
  const main = page.getByRole("main");
  await main.getByLabel("Team name").fill("Typed Early");
  await main.getByRole("checkbox", { name: "Cyclist" }).check();
  release();
  await page.waitForLoadState("networkidle");
  await page.unroute(scripts);
  await expect(main.getByLabel("Team name")).toHaveValue("Typed Early");
  await expect(main.getByRole("checkbox", { name: "Cyclist" })).toBeChecked();
  // The rest stays prefilled.
  await expect(main.getByLabel("Description")).toHaveValue("An e2e relay team looking for athletes.");
  await expect(main.getByRole("checkbox", { name: "Swimmer" })).toBeChecked();
  await expect(main.getByLabel("Status")).toHaveValue("open");
  await expectNoAxeViolations(page);

  await main.getByLabel("Status").selectOption("closed");
  const releaseEdit = await holdServerActions(page, `**/teams/${team.id}/edit`);
  await main.getByRole("button", { name: "Save Changes" }).click();
  await expect(main.getByRole("button", { name: "Saving Changes..." })).toBeDisabled();
  releaseEdit();
  await expect(page.getByText("Team updated successfully!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Typed Early" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Closed", { exact: true })).toBeVisible();
  const [row] = await db()`select name, status, requirements from public.teams where id = ${team.id}`;
  expect(row).toMatchObject({ name: "Typed Early", status: "closed" });
  expect([...row!.requirements.roles].sort()).toEqual(["cyclist", "runner", "swimmer"]);

  // Cancel returns to the team without saving.
  await page.goto(`/teams/${team.id}/edit`);
  await main.getByLabel("Team name").fill("Not Saved");
  await main.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Typed Early" })).toBeVisible();
});

test("others get Access Denied on edit and the not-found message for a hidden team", async ({ page }) => {
  const owner = await createAthlete("swimmer");
  const other = await createAthlete("runner");
  const team = await createTeamFor(owner);
  await db()`update public.teams set status = 'closed' where id = ${team.id}`;
  await signIn(page, other, "/teams");

  await page.goto(`/teams/${team.id}/edit`);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to edit this team.")).toBeVisible();
  await expectNoAxeViolations(page);

  for (const id of [team.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    await page.goto(`/teams/${id}`);
    await expect(page.getByRole("heading", { name: "Error loading team" })).toBeVisible();
    await expect(page.getByText("Team not found or you don't have permission to view it.")).toBeVisible();
  }
  await expect(page.getByRole("main").getByRole("link", { name: "Back to Teams" })).toHaveAttribute(
    "href",
    "/teams",
  );
  await expectNoAxeViolations(page);
});

test("a team without any active member (made outside the app) says so on its page", async ({ page }) => {
  const owner = await createAthlete("swimmer");
  const visitor = await createAthlete("runner");
  const team = await createTeamFor(owner);
  await db()`delete from public.team_members where team_id = ${team.id}`;
  await signIn(page, visitor, `/teams/${team.id}`);
  await expect(
    page.getByRole("heading", { name: "Members" }).locator("..").getByText("No members yet."),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "Members" })).toHaveCount(0);
});

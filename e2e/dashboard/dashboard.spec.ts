import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb, createAthlete, createTeam } from "../support/db";
import { signInWithSession } from "../support/users";
import { createConfirmedUser } from "../support/users";

test.describe.configure({ timeout: 90_000 });

const card = (page: Page, id: string) => page.locator(`[data-card="${id}"]`);

test("a new athlete's dashboard: every card, and the empty states", async ({ page }) => {
  const place = `Dashville ${Date.now()}`;
  const me = await createAthlete({ specialty: "swimmer", level: "advanced", place });
  await createAthlete({ specialty: "runner", place }); // a partner nearby
  await signInWithSession(page, me, "/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${me.fullName}` })).toBeVisible();

  await expect(card(page, "weather")).toContainText("Feels like");
  await expect(card(page, "messages")).toContainText("No messages yet.");
  await expect(
    card(page, "messages").getByRole("link", { name: "Find Athletes to Connect" }),
  ).toHaveAttribute("href", "/browse");

  const profile = card(page, "profile");
  await expect(profile).toContainText("SpecialtySwimmer");
  await expect(profile).toContainText("ExperienceAdvanced");
  await expect(profile).toContainText(`Location${place}`);
  await expect(profile).toContainText("Looking for team");
  await expect(profile.getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/edit-profile");

  const partners = card(page, "partners");
  await expect(partners).toContainText(/\d+ athletes? (is|are) looking for a team/);
  await expect(partners).toContainText(`1 in ${place}`);
  await expect(partners).toContainText(/Runners\d+/);

  await expect(card(page, "teams")).toContainText("You're not part of any teams yet.");
  await expect(card(page, "teams").getByRole("link", { name: "Create a Team" })).toBeVisible();
  const actions = card(page, "actions");
  for (const name of ["Browse Athletes", "Messages", "Create Team", "Update Profile"]) {
    await expect(actions.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test("latest conversations, teams with their status, and no Create Team once the user created one", async ({
  page,
}) => {
  const me = await createAthlete({ isPublic: false, looking: false });
  const db = adminDb();
  const names: string[] = [];
  for (let i = 0; i < 4; i++) {
    const other = await createAthlete({ fullName: `Chat Partner ${i} ${Date.now()}` });
    names.push(other.fullName);
    const [one, two] = [me.profileId, other.profileId].sort();
    const [c] = await db<{ id: string }[]>`
      insert into public.conversations (participant_one_id, participant_two_id) values (${one!}, ${two!}) returning id`;
    // The newest carries a long unbroken path, as a join request's profile link does.
    const text = `Hello number ${i}${i === 3 ? ` /profile/${other.profileId}${"x".repeat(120)}` : ""}`;
    await db`insert into public.messages (conversation_id, sender_id, content, created_at)
             values (${c!.id}, ${other.profileId}, ${text}, now() - ${`${4 - i} hours`}::interval)`;
  }
  const ownTeam = `Own Crew ${Date.now()}`;
  await createTeam(me, { name: ownTeam, status: "open" });
  const fullTeam = `Full Crew ${Date.now()}`;
  const captain = await createAthlete();
  const fullId = await createTeam(captain, { name: fullTeam, status: "full" });
  await db`insert into public.team_members (team_id, profile_id, role, status) values (${fullId}, ${me.profileId}, 'swimmer', 'active')`;

  await signInWithSession(page, me, "/dashboard");
  const messages = card(page, "messages");
  // The team chats of both teams first, then the 3 latest conversations.
  const chats = messages.getByRole("list", { name: "Team chats" }).getByRole("listitem");
  await expect(chats).toHaveCount(2);
  await expect(chats.filter({ hasText: fullTeam })).toContainText("No messages yet.");
  const latest = messages.getByRole("list", { name: "Latest conversations" }).getByRole("listitem");
  await expect(latest).toHaveCount(3);
  await expect(latest.first()).toContainText(names[3]!);
  await expect(latest.first()).toContainText("Hello number 3");
  await expect(latest.first()).toContainText("about 1 hour ago");
  await expect(messages).not.toContainText(names[0]!);
  await expect(messages.getByRole("link", { name: "View All Messages" })).toHaveAttribute(
    "href",
    "/messages",
  );

  await expect(card(page, "profile")).toContainText("Not looking");
  const teams = card(page, "teams");
  await expect(teams.getByRole("listitem").filter({ hasText: ownTeam })).toContainText("Looking for members");
  await expect(teams.getByRole("listitem").filter({ hasText: fullTeam })).toContainText("Full team");
  await expect(card(page, "actions").getByRole("link", { name: "Create Team" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // On a phone the long last message is cut short in its card, not widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(latest.first()).toContainText("Hello number 3");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("an account without a profile is guided to create one", async ({ page }) => {
  const user = await createConfirmedUser();
  await signInWithSession(page, user, "/dashboard");
  await expect(page.getByRole("heading", { name: "Create your profile to get started" })).toBeVisible();
  await page.getByRole("link", { name: "Create Your Profile" }).click();
  await expect(page).toHaveURL(/\/create-profile$/);
  await page.goBack();
  await expectNoAxeViolations(page);
});

test("a visitor is sent to sign in", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth/);
});

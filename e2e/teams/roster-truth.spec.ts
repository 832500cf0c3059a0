import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { saveScreen } from "../auth/alerts";
import { expectNoAxeViolations } from "../support/axe";
import { createAthlete, createTeamFor, db, signIn } from "./team-support";

// What a team needs and who is looking follow the roster, on a phone (Pixel 7): the urgent badge ends when
// its leg is accepted, the new member drops out of Browse and is offered "Keep me listed", and the creator
// is told when that member leaves before the day, with "Mark urgent again".
test.describe.configure({ timeout: 150_000 });
const pixel7 = devices["Pixel 7"];

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...pixel7 });
  return context.newPage();
}

/** The same screen at 360 px wide and on a desktop, then back to the Pixel 7 viewport. */
async function screensAt(page: Page, name: string) {
  for (const [label, size] of [
    ["360", { width: 360, height: 780 }],
    ["desktop", { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await saveScreen(page, `${name}-${label}`);
  }
  await page.setViewportSize(pixel7.viewport);
}

const athletes = (page: Page) => page.getByRole("region", { name: "Available Athletes" });

/** Browse as a visitor lists `name` (true) or not: the shared copy may be up to 5 s old after a SQL write. */
async function listedOnBrowse(page: Page, name: string, listed: boolean) {
  await expect(async () => {
    await page.goto("/browse?role=runner");
    await expect(athletes(page).getByRole("article", { name })).toHaveCount(listed ? 1 : 0, {
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
}

test("the urgent badge ends on accept; the runner drops out of Browse and can keep listed; the creator can mark it urgent again", async ({
  browser,
}) => {
  const creator = await createAthlete("cyclist", "captain");
  const team = await createTeamFor(creator, { name: `Truth ${creator.profileId.slice(0, 4)}` });
  await db()`update public.teams set urgent_role = 'runner', urgent_by = (now() at time zone 'Australia/Brisbane')::date + 3
             where id = ${team.id}`;
  const runner = await createAthlete("runner", "sprinter");
  await db()`insert into public.team_members (team_id, profile_id, role, status)
             values (${team.id}, ${runner.profileId}, 'runner', 'pending')`;

  const visitor = await phone(browser);
  await listedOnBrowse(visitor, runner.fullName, true);

  // The creator, on a phone: urgent for a runner, then accepts the runner.
  const boss = await phone(browser);
  await signIn(boss, creator, `/teams/${team.id}`);
  const main = boss.getByRole("main");
  await expect(main.getByText(/Needs a runner by/)).toBeVisible();
  await expect(main.getByText("Looking forSwimmer, Runner")).toBeVisible();
  await saveScreen(boss, "truth-urgent-before-accept");
  await main.getByRole("button", { name: `Accept ${runner.fullName}` }).click();
  await expect(boss.getByText("Request accepted")).toBeVisible();
  await expect(main.getByText(/Needs a runner by/)).toHaveCount(0);
  await expect(main.getByText("Looking forSwimmer", { exact: true })).toBeVisible();
  await expect(main.getByRole("list", { name: "Legs" }).first()).toContainText("Runcovered");
  // Mark urgent offers only the leg still open.
  await expect(main.getByLabel("Leg needed").getByRole("option")).toHaveText(["Choose a leg…", "Swimmer"]);
  await saveScreen(boss, "truth-urgent-cleared-after-accept");
  await expectNoAxeViolations(boss);

  // The runner is in a team now: not on Browse, and told so with "Keep me listed".
  await listedOnBrowse(visitor, runner.fullName, false);
  const member = await phone(browser);
  await signIn(member, runner, "/dashboard");
  const prompt = member.getByRole("region", { name: "You're no longer listed as looking for a team" });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(`You're in ${team.name}`);
  await expect(member.locator('[data-card="profile"]')).toContainText("Not looking");
  await saveScreen(member, "truth-keep-me-listed");
  await expectNoAxeViolations(member);
  await screensAt(member, "truth-keep-me-listed");
  await prompt.getByRole("button", { name: "Keep me listed" }).click();
  await expect(member.getByText("You're listed as looking for a team")).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(member.locator('[data-card="profile"]')).toContainText("Looking for team");
  await listedOnBrowse(visitor, runner.fullName, true);

  // The runner leaves before the day: the creator is told, and marks it urgent again with one press.
  await member.goto(`/teams/${team.id}`);
  await member.getByRole("button", { name: "Leave Team" }).click();
  await expect(member.getByText("You left the team")).toBeVisible();
  await boss.reload();
  const notice = boss.getByRole("region", { name: "Your runner has left the team" });
  await expect(notice).toBeVisible();
  await expect(main.getByText(/Needs a runner by/)).toHaveCount(0);
  await saveScreen(boss, "truth-mark-urgent-again");
  await expectNoAxeViolations(boss);
  await screensAt(boss, "truth-mark-urgent-again");
  await notice.getByRole("button", { name: "Mark urgent again" }).click();
  await expect(boss.getByText("Urgent need saved")).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(main.getByText(/Needs a runner by/)).toBeVisible();
  await saveScreen(boss, "truth-urgent-again");
});

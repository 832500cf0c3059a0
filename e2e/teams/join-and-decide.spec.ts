import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO_PASSWORD } from "../support/users";
import { cardOf, createAthlete, createTeamFor, db, signIn } from "./team-support";

test.describe.configure({ timeout: 180_000 });

test("join: request from the card, automatic message stored, then /messages", async ({ page }) => {
  const creator = await createAthlete("swimmer", "creator");
  const team = await createTeamFor(creator, { name: `Join Us ${creator.profileId.slice(0, 4)}` });
  const me = await createAthlete("runner", "joiner");
  await signIn(page, me, "/teams");

  const card = cardOf(page, team.name);
  await expect(card.getByText("Noosa Heads · 1/3 members")).toBeVisible();
  await card.getByLabel("Join as").selectOption("runner");
  await card.getByRole("button", { name: "Request to Join Team" }).click();
  await expect(page.getByText("Your request has been sent!")).toBeVisible();
  await expect(page).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);

  const [member] =
    await db()`select role, status from public.team_members where team_id = ${team.id} and profile_id = ${me.profileId}`;
  expect(member).toEqual({ role: "runner", status: "pending" });
  const [message] = await db()`select content from public.messages where sender_id = ${me.profileId}`;
  expect(message!.content).toContain(`I'd like to join "${team.name}" as the runner`);
  expect(message!.content).toContain(me.fullName);
  expect(message!.content).toContain(`/profile/${me.profileId}`);

  // Asking again: the product's message, nothing new.
  await page.goto("/teams");
  await cardOf(page, team.name).getByRole("button", { name: "Request to Join Team" }).click();
  await expect(page.getByText("You already have a pending request to join this team")).toBeVisible();
  expect(
    await db()`select 1 from public.team_members where team_id = ${team.id} and profile_id = ${me.profileId}`,
  ).toHaveLength(1);
});

test("join without a profile → /create-profile", async ({ page }) => {
  await signIn(page, { email: "ava@example.com", password: DEMO_PASSWORD }, "/teams");
  const urgent = cardOf(page, "Peregian Pace Setters");
  await urgent.getByRole("button", { name: "Request to Join Team" }).click();
  await expect(page.getByText("Please create your profile first")).toBeVisible();
  // The request is remembered (docs/product.md#auth): create-profile continues to its confirm step.
  await expect(page).toHaveURL(/\/create-profile\?next=%2Fteams%2F[0-9a-f-]+%2Fjoin$/);
});

test("accept → active and the team fills by itself; decline; leave reopens it", async ({ page, browser }) => {
  const creator = await createAthlete("cyclist", "captain");
  const team = await createTeamFor(creator, {
    name: `Pair Up ${creator.profileId.slice(0, 4)}`,
    max_members: 2,
  });
  const runner = await createAthlete("runner", "runner");
  const swimmer = await createAthlete("swimmer", "swimmer");
  // Both ask through the app's function, as the card does.
  for (const who of [runner, swimmer]) {
    await db().begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true),
                      set_config('request.jwt.claims', ${JSON.stringify({ sub: who.id, role: "authenticated" })}, true)`;
      await tx`select public.request_to_join_team(${team.id}, null)`;
    });
  }

  await signIn(page, creator, `/teams/${team.id}`);
  const requests = page.getByRole("list", { name: "Pending requests" });
  await expect(requests.getByRole("listitem")).toHaveCount(2);
  await expectNoAxeViolations(page);

  await requests.getByRole("button", { name: `Decline ${swimmer.fullName}` }).click();
  await expect(page.getByText("Request declined")).toBeVisible();
  await expect(requests.getByRole("listitem")).toHaveCount(1);
  await requests.getByRole("button", { name: `Accept ${runner.fullName}` }).click();
  await expect(page.getByText("Request accepted")).toBeVisible();
  const members = page.getByRole("list", { name: "Members" });
  await expect(members.getByText(runner.fullName)).toBeVisible();
  await expect(page.getByRole("main").getByText("Full", { exact: true })).toBeVisible();
  await expect(page.getByText("2 / 2 members")).toBeVisible();
  await expect(page.getByText("No pending requests.")).toBeVisible();

  const rows =
    await db()`select profile_id, status from public.team_members where team_id = ${team.id} order by status`;
  expect(rows).toEqual(
    expect.arrayContaining([
      { profile_id: runner.profileId, status: "active" },
      { profile_id: swimmer.profileId, status: "declined" },
    ]),
  );
  expect((await db()`select status from public.teams where id = ${team.id}`)[0]!.status).toBe("full");
  const replies =
    await db()`select content from public.messages where sender_id = ${creator.profileId} order by created_at`;
  expect(replies.map((r) => r.content).join("\n")).toMatch(
    /declined your request[\s\S]*accepted your request/,
  );

  // The runner leaves: the team opens again.
  const context = await browser.newContext();
  const runnerPage = await context.newPage();
  await signIn(runnerPage, runner, `/teams/${team.id}`);
  await runnerPage.getByRole("button", { name: "Leave Team" }).click();
  await expect(runnerPage.getByText("You left the team")).toBeVisible();
  await expect(runnerPage).toHaveURL(/\/teams$/);
  await context.close();
  expect((await db()`select status from public.teams where id = ${team.id}`)[0]!.status).toBe("open");
});

test("an urgent team sorts first with the time left; the creator sets and clears an urgent need", async ({
  page,
}) => {
  const me = await createAthlete("swimmer", "browser");
  await signIn(page, me, "/teams");
  const available = page.getByRole("region", { name: "Available Teams" });
  // Other specs add urgent teams of their own, so check the order, not one team's place: every card
  // with an urgent need comes before every card without one, and the demo's urgent team is among them.
  const peregian = available.getByRole("article", { name: "Peregian Pace Setters" });
  await expect(peregian.getByText(/Needs a runner by \d{1,2} [A-Z][a-z]{2}/)).toBeVisible();
  await expect(peregian.getByText("· 3 days left")).toBeVisible();
  await expect(available.getByRole("article", { name: "Noosa Heads Dawn Patrol" })).toBeVisible();
  const urgentFlags = await available
    .getByRole("article")
    .evaluateAll((cards) => cards.map((c) => /Needs an? \w+ by/.test(c.textContent ?? "")));
  expect(urgentFlags).toContain(false);
  expect(urgentFlags.slice(urgentFlags.indexOf(false))).not.toContain(true);
  await expect(available.getByRole("article", { name: "Hinterland Hammers" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const team = await createTeamFor(me, { name: `Urgent ${me.profileId.slice(0, 4)}` });
  await page.goto(`/teams/${team.id}`);
  // Only the legs the team still needs are offered: the creator swims, the team asks for a runner too.
  await expect(page.getByLabel("Leg needed").getByRole("option")).toHaveText(["Choose a leg…", "Runner"]);
  await page.getByLabel("Leg needed").selectOption("runner");
  const today = (await db()`select (now() at time zone 'Australia/Brisbane')::date::text as d`)[0]!
    .d as string;
  // Typed the Australian way, day first, and read back in words.
  await page.getByLabel("Needed by").fill(today.split("-").reverse().join("/"));
  await expect(
    page.getByText(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} [A-Z][a-z]+ \d{4}$/),
  ).toBeVisible();
  await page.getByRole("button", { name: "Save urgent need" }).click();
  await expect(page.getByText("Urgent need saved")).toBeVisible();
  await expect(page.getByRole("main").getByText("· today")).toBeVisible();
  await page.getByRole("button", { name: "Clear urgent need" }).click();
  await expect(page.getByText("Urgent need cleared")).toBeVisible();
  await expect(page.getByRole("main").getByText("· today")).toHaveCount(0);
});

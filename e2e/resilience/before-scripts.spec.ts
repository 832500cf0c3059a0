import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { adminSql, conversationBetween, makeAthlete, thread } from "../messages/support";
import { createAthlete, createTeamFor, db, signIn } from "../teams/team-support";
import { signInWithSession } from "../support/users";

// On a slow phone a page shows for seconds before its scripts run. Every action button pressed in that
// time either does its work (the form posts its server action) or plainly is not ready (disabled, or not
// shown); none does nothing. Here the page's scripts never arrive: every /_next/static/chunks/*.js request
// is held, on the first page and on each page a press brings back.
test.describe.configure({ timeout: 150_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

/** Holds every script chunk for good; returns how many of them ever arrived (to check that none did). */
async function holdScripts(page: Page) {
  let arrived = 0;
  await page.route(/\/_next\/static\/chunks\/.+\.js(\?.*)?$/, () => {});
  // Script chunks only: the page's stylesheets are chunks too, and they do arrive.
  page.on("requestfinished", (request) => {
    if (/\/_next\/static\/chunks\/.+\.js(\?.*)?$/.test(request.url())) arrived++;
  });
  return () => arrived;
}

/** Opens `path` signed in as `who` with the scripts held; the page is there, its scripts are not. */
async function withoutScripts(
  context: BrowserContext,
  who: { email: string; password: string },
  path: string,
) {
  // Signed in (the cookie) on a page of its own, closed before the held page opens: none of its requests
  // (a prefetch still on its way) can reach the held one.
  const setup = await context.newPage();
  await signInWithSession(setup, who, "/privacy-policy");
  await setup.close();
  const page = await context.newPage();
  const arrived = await holdScripts(page);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  return { page, arrived };
}

async function askToJoin(teamId: string, who: { id: string }) {
  await db().begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: who.id, role: "authenticated" })}, true)`;
    await tx`select public.request_to_join_team(${teamId}, null)`;
  });
}

test("Decline, Accept, Invite and Leave work when pressed before the scripts run", async ({ browser }) => {
  const creator = await createAthlete("cyclist", "earlycaptain");
  const team = await createTeamFor(creator, { name: `Early Birds ${creator.profileId.slice(0, 4)}` });
  const runner = await createAthlete("runner", "earlyrunner");
  const swimmer = await createAthlete("swimmer", "earlyswimmer");
  await askToJoin(team.id, runner);
  await askToJoin(team.id, swimmer);

  const c = await browser.newContext();
  const { page, arrived } = await withoutScripts(c, creator, `/teams/${team.id}`);
  const requests = page.getByRole("list", { name: "Pending requests" });
  await expect(requests.getByRole("listitem")).toHaveCount(2);
  // The page has not started: Share, which needs its scripts, says it is not ready.
  await expect(page.getByRole("button", { name: "Share" })).toBeDisabled();

  await requests.getByRole("button", { name: `Decline ${swimmer.fullName}` }).click();
  await expect(requests.getByRole("listitem")).toHaveCount(1);
  await expect(requests.getByText(swimmer.fullName)).toHaveCount(0);
  await requests.getByRole("button", { name: `Accept ${runner.fullName}` }).click();
  await expect(page.getByText("No pending requests.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Members" }).getByText(runner.fullName)).toBeVisible();
  const rows = await db()`select profile_id, status from public.team_members where team_id = ${team.id}`;
  expect(rows).toEqual(
    expect.arrayContaining([
      { profile_id: runner.profileId, status: "active" },
      { profile_id: swimmer.profileId, status: "declined" },
    ]),
  );

  // Invite the first athlete who fits: the invitation is stored and listed as sent.
  const invite = page.getByRole("list", { name: "Athletes who fit" }).getByRole("button").first();
  const invitee = (await invite.getAttribute("aria-label"))!.replace(/^Invite /, "");
  await invite.click();
  await expect(page.getByRole("list", { name: "Invitations sent" })).toContainText(invitee);
  const [invited] =
    await db()`select count(*)::int as n from public.team_invitations where team_id = ${team.id}`;
  expect(invited!.n).toBe(1);
  expect(arrived()).toBe(0);
  await c.close();

  // The runner leaves, still without scripts.
  const r = await browser.newContext();
  const runnerSide = await withoutScripts(r, runner, `/teams/${team.id}`);
  await runnerSide.page.getByRole("button", { name: "Leave Team" }).click();
  await expect(runnerSide.page.getByRole("button", { name: "Request to Join Team" })).toBeVisible();
  expect(
    await db()`select 1 from public.team_members where team_id = ${team.id} and profile_id = ${runner.profileId}
               and status = 'active'`,
  ).toHaveLength(0);
  expect(runnerSide.arrived()).toBe(0);
  await r.close();
});

test("Request to Join leads to its one question, and Send request sends it, before the scripts run", async ({
  browser,
}) => {
  const creator = await createAthlete("swimmer", "earlyhost");
  const team = await createTeamFor(creator, { name: `Early Join ${creator.profileId.slice(0, 4)}` });
  const me = await createAthlete("cyclist", "earlyjoiner");
  const context = await browser.newContext();
  const { page, arrived } = await withoutScripts(context, me, `/teams/${team.id}`);
  await expect(page.getByRole("button", { name: "Share" })).toBeDisabled();
  await page.getByLabel("Join as").selectOption("runner");
  await page.getByRole("button", { name: "Request to Join Team" }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.id}/join\\?as=runner$`));
  await expect(
    page.getByRole("heading", { name: `Send your request to ${team.name} as a runner?` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("You have already asked to join this team.")).toBeVisible();
  const [member] =
    await db()`select role, status from public.team_members where team_id = ${team.id} and profile_id = ${me.profileId}`;
  expect(member).toEqual({ role: "runner", status: "pending" });
  expect(arrived()).toBe(0);
  await context.close();
});

test("Send posts the message before the scripts run; the menus and Block say they are not ready", async ({
  browser,
}) => {
  const me = await makeAthlete(sql, "Early Sender");
  const other = await makeAthlete(sql, "Early Reader");
  const id = await conversationBetween(sql, me, other);
  const context = await browser.newContext();
  const { page, arrived } = await withoutScripts(context, me, `/messages?c=${id}`);
  await page.getByLabel("Message", { exact: true }).fill("Sent before the scripts ran");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(thread(page).getByText("Sent before the scripts ran")).toBeVisible();
  // Pressed again from the page that came back, with nothing typed: the server says why, stores nothing.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Message can't be empty")).toBeVisible();
  const rows = await sql`select content from public.messages where conversation_id = ${id}`;
  expect(rows.map((r) => r.content)).toEqual(["Sent before the scripts ran"]);

  // Report and Block live in menus, which need the scripts: shown, and plainly not ready.
  await expect(
    page.getByRole("button", { name: `Options for the conversation with ${other.name}` }),
  ).toBeDisabled();
  // A profile's Block is shown only once the page knows who is looking (its scripts): not before.
  await page.goto(`/profile/${other.profileId}`, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { name: other.name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Block" })).toHaveCount(0);
  expect(arrived()).toBe(0);
  await context.close();
});

test("the same page with its scripts: Accept still toasts and refreshes in place", async ({ browser }) => {
  const creator = await createAthlete("runner", "latecaptain");
  const team = await createTeamFor(creator, { name: `Late Birds ${creator.profileId.slice(0, 4)}` });
  const swimmer = await createAthlete("swimmer", "lateswimmer");
  await askToJoin(team.id, swimmer);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, creator, `/teams/${team.id}`);
  await page.getByRole("button", { name: `Accept ${swimmer.fullName}` }).click();
  await expect(page.getByText("Request accepted")).toBeVisible();
  await expect(page.getByText("No pending requests.")).toBeVisible();
  await context.close();
});

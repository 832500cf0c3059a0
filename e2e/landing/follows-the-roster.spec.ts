import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { createAthlete, createTeamFor, db, signIn } from "../teams/team-support";

// The cached public surfaces follow the roster the moment it changes (docs/architecture.md#caching): a
// creator's urgent need shows on them, and once the leg is accepted no landing page, `/`, team page,
// social card or sitemap offers it, each within 5 s (a team write expires them all; the timers are only a
// backstop). Read as a visitor, over HTTP, the way a search visitor or a crawler gets them.
test.describe.configure({ timeout: 120_000 });

const landing = "/urgent-triathlon-team-noosa";

/** The first answer after `since` must already show it: `check` passes within 5 s of the write. */
async function within5s(since: number, check: () => Promise<void>) {
  await expect(check).toPass({ timeout: Math.max(since + 5000 - Date.now(), 500), intervals: [250] });
}

const html = async (request: APIRequestContext, path: string) => {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
};

/** "3 urgently need a runner" on `/`, 0 when the tile is not there. */
const urgentRunners = async (request: APIRequestContext) =>
  Number(/(\d+) urgently needs? a runner/.exec(await html(request, "/"))?.[1] ?? 0);

test("an accepted runner leaves the landing page, `/`, the team page and card, and the sitemap within 5 s", async ({
  page,
  browser,
  request,
}) => {
  const creator = await createAthlete("swimmer", "captain");
  // Swim and run: the creator swims, so the run is the one open leg.
  const team = await createTeamFor(creator, { name: `Fresh ${creator.profileId.slice(0, 6)}` });
  const runner = await createAthlete("runner", "pacer");
  const offer = `Ask to join as a runner: ${team.name}`;
  const teamPath = `/teams/${team.id}`;

  // The creator marks the run urgent for today, through the app.
  await signIn(page, creator, teamPath);
  const main = page.getByRole("main");
  await main.getByLabel("Leg needed").selectOption("runner");
  const today = (await db()`select (now() at time zone 'Australia/Brisbane')::date::text as d`)[0]!
    .d as string;
  await main.getByLabel("Needed by").fill(today.split("-").reverse().join("/"));
  await main.getByRole("button", { name: "Save urgent need" }).click();
  await expect(page.getByText("Urgent need saved")).toBeVisible();
  const marked = Date.now();

  await within5s(marked, async () => expect(await html(request, landing)).toContain(offer));
  const urgentBefore = await urgentRunners(request);
  expect(urgentBefore).toBeGreaterThanOrEqual(1);
  const publicPage = await html(request, teamPath);
  expect(publicPage).toMatch(/Needs a runner by/);
  expect(await html(request, "/sitemap.xml")).toContain(teamPath);
  const card = /<meta property="og:image" content="https?:\/\/[^/"]+([^"?]+)/.exec(publicPage)?.[1];
  expect(card, "the team page names its social card").toBeTruthy();
  const cardBefore = await (await request.get(card!)).body();

  // A runner asks; the creator accepts on the team page.
  await db()`insert into public.team_members (team_id, profile_id, role, status)
             values (${team.id}, ${runner.profileId}, 'runner', 'pending')`;
  await page.reload();
  await main.getByRole("button", { name: `Accept ${runner.fullName}` }).click();
  await expect(page.getByText("Request accepted")).toBeVisible();
  const accepted = Date.now();

  await within5s(accepted, async () => {
    const [landingNow, urgentNow, teamNow, sitemapNow, cardNow] = await Promise.all([
      html(request, landing),
      urgentRunners(request),
      html(request, teamPath),
      html(request, "/sitemap.xml"),
      request.get(card!).then((r) => r.body()),
    ]);
    expect(landingNow, "the landing page no longer offers the run").not.toContain(team.name);
    expect(urgentNow, "`/` counts one urgent runner fewer").toBe(urgentBefore - 1);
    expect(teamNow, "the team page no longer says it needs a runner").not.toMatch(/Needs a runner by/);
    expect(teamNow).toContain("Nobody: every leg is covered");
    expect(sitemapNow, "the sitemap no longer advertises the team").not.toContain(teamPath);
    expect(cardNow.equals(cardBefore), "the social card shows the new member count").toBe(false);
  });

  // What a visitor's browser shows, with nothing of the team's offer left.
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(landing);
  await expect(tab.getByRole("link", { name: offer })).toHaveCount(0);
  await expectNoAxeViolations(tab);
  await tab.goto(teamPath);
  await expect(tab.getByRole("main").getByText("Nobody: every leg is covered")).toBeVisible();
  await visitor.close();
});

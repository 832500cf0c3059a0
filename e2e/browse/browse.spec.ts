import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { createAthlete, createTeam } from "../support/db";
import { DEMO_PASSWORD, signInThroughUI } from "../support/users";

test.describe.configure({ timeout: 90_000 });

const athletes = (page: import("@playwright/test").Page) =>
  page.getByRole("region", { name: "Available Athletes" });
const teams = (page: import("@playwright/test").Page) =>
  page.getByRole("region", { name: "Available Teams" });

// The demo's listed athletes (docs/product.md#demo-data) may be anywhere in the list once other specs have
// added theirs: each test lists its own advanced swimmer. Made straight in SQL, which no write announces, a new athlete is
// in the visitors' shared copy from its next 5-second window at the latest, hence the reloads.
const swimmerFilter = "/browse?role=swimmer&level=advanced";
const listedSwimmer = () =>
  createAthlete({
    specialty: "swimmer",
    level: "advanced",
    place: "Noosa Heads",
    fullName: `Sea Swimmer ${Date.now()}`,
  });
async function openWith(page: import("@playwright/test").Page, path: string, name: string) {
  await expect(async () => {
    await page.goto(path);
    await expect(athletes(page).getByRole("article", { name })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return athletes(page).getByRole("article", { name });
}

test("a visitor sees open teams and listed athletes with counts, and Send Message leads to sign-in", async ({
  page,
}) => {
  const creator = await createAthlete({ specialty: "cyclist", isPublic: false, looking: false });
  const urgentName = `Urgent Crew ${Date.now()}`;
  await createTeam(creator, { name: urgentName, roles: ["runner"], urgentRole: "runner" });
  const closedName = `Closed Crew ${Date.now()}`;
  await createTeam(await createAthlete({ isPublic: false }), { name: closedName, status: "closed" });

  // Visitors' /browse is a shared copy (docs/architecture.md#caching): a change made straight in SQL, as here, announces itself
  // to no cache and shows within 5 s; a change through the app shows at once.
  await expect(async () => {
    await page.goto("/browse");
    await expect(teams(page).getByRole("heading", { name: urgentName })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(teams(page).getByText(closedName)).toHaveCount(0);
  // Urgent first: the urgent team is the first card, with its need.
  await expect(teams(page).getByRole("article").first()).toContainText(/Needs an? \w+ by/);
  await expect(teams(page).getByText(/Showing 1–\d+ of \d+ open teams?/)).toBeVisible();

  // The private demo profile is never listed.
  await expect(athletes(page).getByText("Ethan Brooks")).toHaveCount(0);
  await expect(athletes(page).getByText(/Showing 1–\d+ of \d+ athletes?$/)).toBeVisible();
  await expectNoAxeViolations(page);

  // A listed advanced swimmer: every field of the card.
  const swimmer = await listedSwimmer();
  const card = await openWith(page, swimmerFilter, swimmer.fullName);
  await expect(card).toContainText("Swimmer");
  await expect(card).toContainText("Noosa Heads");
  await expect(card).toContainText("Advanced");
  await expect(card).toContainText("Evening runs");
  await expect(card).toContainText("Run the 10 km leg");

  await card.getByRole("link", { name: swimmer.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${swimmer.profileId}$`));
  await page.goBack();
  await athletes(page)
    .getByRole("article", { name: swimmer.fullName })
    .getByRole("button", { name: "Send Message" })
    .click();
  await expect(page).toHaveURL(/\/auth/);
});

const filterChips = (page: import("@playwright/test").Page) =>
  page.getByRole("navigation", { name: "Filter listings" });

test("filter chips apply at once, live in the URL and narrow both lists", async ({ page }) => {
  const elite = await createAthlete({
    specialty: "runner",
    level: "elite",
    fullName: `Elite Runner ${Date.now()}`,
  });
  const swimmer = await listedSwimmer();
  await openWith(page, "/browse?role=runner&level=elite", elite.fullName);
  await page.goto("/browse");
  await filterChips(page).getByRole("link", { name: "Runner", exact: true }).click();
  await expect(page).toHaveURL(/\/browse\?role=runner$/);
  await expect(teams(page).getByText("Teams that need a runner")).toBeVisible();
  await expect(athletes(page).getByText("Athletes who race as a runner")).toBeVisible();
  await filterChips(page).getByRole("link", { name: "Elite", exact: true }).click();
  await expect(page).toHaveURL(/\/browse\?role=runner&level=elite$/);
  await expect(athletes(page).getByRole("article", { name: elite.fullName })).toBeVisible();
  await expect(athletes(page).getByRole("article", { name: swimmer.fullName })).toHaveCount(0);
  await expect(filterChips(page).getByRole("link", { name: "Runner", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(filterChips(page).getByRole("link", { name: "Any leg" })).not.toHaveAttribute("aria-current");

  // The demo lists an athlete for every leg and level, so no leg-and-level pair is empty: the empty list
  // and its Clear filters are in the signed-in test below ("other legs than mine" with one's own leg).
});

test("pages of athletes: Next and Previous keep the filters", async ({ page }) => {
  for (let i = 0; i < 13; i++) await createAthlete({ specialty: "cyclist", level: "beginner" });
  await page.goto("/browse?role=cyclist&level=beginner");
  const pager = page.getByRole("navigation", { name: "Athletes pages" });
  await expect(pager).toContainText(/Page 1 of \d+/);
  await expect(athletes(page).getByRole("article")).toHaveCount(12);
  await pager.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/role=cyclist&level=beginner&ap=2/);
  await expect(page.getByRole("navigation", { name: "Athletes pages" })).toContainText(/Page 2 of/);
  await expect(athletes(page).getByText(/Showing 13–/)).toBeVisible();
});

test("a signed-in athlete starts a conversation from a card, never from their own", async ({ page }) => {
  const me = await createAthlete({ specialty: "runner", fullName: `Runner Me ${Date.now()}` });
  await signInThroughUI(page, me, "/browse");
  await expect(page).toHaveURL(/\/browse$/);
  const own = athletes(page).getByRole("article", { name: me.fullName });
  // Newest first: the fresh athlete is on page 1. Made straight in SQL, which no write announces, they
  // are in the shared copy from its next 5-second window at the latest.
  await expect(async () => {
    await page.reload();
    await expect(own).toContainText("Your profile", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(own.getByRole("button", { name: "Send Message" })).toHaveCount(0);

  // "Needs my specialty": teams that need a runner, athletes of the other legs.
  await filterChips(page).getByRole("link", { name: "Needs my specialty (Runner)" }).click();
  await expect(page).toHaveURL(/mine=1/);
  await expect(athletes(page).getByRole("article").first()).not.toContainText("Runner");
  await page.goto("/browse?role=runner&mine=1");
  await expect(athletes(page).getByText("No athletes match these filters.")).toBeVisible();
  await athletes(page).getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/browse$/);

  const swimmer = await listedSwimmer();
  const card = await openWith(page, swimmerFilter, swimmer.fullName);
  await card.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/messages/);
  await expect(page.getByText("Conversation started!")).toBeVisible();
});

test("visitors share one cached copy of a listing, which never holds an athlete's own controls", async ({
  browser,
  page,
}) => {
  const filtered = swimmerFilter;
  const swimmer = await listedSwimmer();
  // The swimmer opens the listing first, signed in: their own card says "Your profile", drawn in their browser.
  const context = await browser.newContext();
  const own = await context.newPage();
  await signInThroughUI(own, swimmer, "/dashboard");
  await openWith(own, filtered, swimmer.fullName);
  await expect(athletes(own).getByRole("article", { name: swimmer.fullName })).toContainText("Your profile");
  await context.close();

  // A visitor right after gets the shared copy: Send Message on their card, nobody's "Your profile".
  const card = await openWith(page, filtered, swimmer.fullName);
  await expect(card.getByRole("button", { name: "Send Message" })).toBeVisible();
  await expect(page.getByText("Your profile")).toHaveCount(0);

  // The same listing again (the query in another order) is served from the cache, not rendered again.
  const caches: (string | undefined)[] = [];
  for (let i = 0; i < 3; i++) {
    const response = await page.request.get("/browse?level=advanced&role=swimmer");
    expect(response.status()).toBe(200);
    caches.push(response.headers()["x-nextjs-cache"]);
  }
  expect(caches.slice(1)).toContain("HIT");
  // A copy is reached only through /browse: its own path, for a window that is not the current one, is
  // not rendered.
  expect((await page.request.get("/browse-copy/1.swimmer.advanced.1.1.none")).status()).toBe(404);
});

test("an account without a profile is sent to create one when it tries to message", async ({ page }) => {
  const swimmer = await listedSwimmer();
  await signInThroughUI(page, { email: "ava@example.com", password: DEMO_PASSWORD }, "/dashboard");
  const card = await openWith(page, swimmerFilter, swimmer.fullName);
  await card.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please create your profile first to send messages")).toBeVisible();
  await expect(page).toHaveURL(/\/create-profile\?next=%2Fmessages%2Fstart%2F[0-9a-f-]+$/);
});

test("without JavaScript the chips still filter, and the switch jumps to the athletes", async ({
  browser,
}) => {
  const swimmer = await listedSwimmer();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/browse");
  await filterChips(page).getByRole("link", { name: "Swimmer", exact: true }).click();
  await expect(page).toHaveURL(/\/browse\?role=swimmer$/);
  await openWith(page, "/browse?role=swimmer", swimmer.fullName);
  const sections = page.getByRole("navigation", { name: "Sections" });
  await expect(sections.getByRole("link", { name: /^Teams \d+$/ })).toBeVisible();
  await sections.getByRole("link", { name: /^Athletes \d+$/ }).click();
  await expect(page).toHaveURL(/#athletes$/);
  await expect(page.getByRole("heading", { name: "Available Athletes" })).toBeInViewport();
  await context.close();
});

test("a page past the end of a list says where the list ends, never 'Page 7 of 6'", async ({ page }) => {
  await page.goto("/browse?ap=99&tp=99");
  for (const [region, what] of [
    [athletes(page), "athletes"],
    [teams(page), "open teams"],
  ] as const) {
    await expect(region.getByText(`This page is past the end of the ${what}`)).toBeVisible();
    await expect(region.getByText(/^Showing /)).toHaveCount(0);
    await expect(region.getByText(/^Page \d+ of \d+$/)).toHaveCount(0);
    await expect(region.getByText(/No (athletes are publicly listed|open teams right now)/)).toHaveCount(0);
  }
  // Its link goes to the last page, which shows its rows.
  await athletes(page).getByRole("link", { name: "Go to the last page" }).click();
  await expect(page).toHaveURL(/[?&]ap=\d+|\/browse\?tp=99$/);
  await expect(athletes(page).getByRole("article").first()).toBeVisible();
  await expect(athletes(page).getByText(/^Showing \d+–\d+ of \d+ athletes?$/)).toBeVisible();
  await expectNoAxeViolations(page);
});

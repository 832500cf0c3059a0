import { expect, test, type Browser, type Page } from "@playwright/test";
import { saveScreen } from "../auth/alerts";
import { expectNoAxeViolations } from "../support/axe";
import { authLink, waitForMail } from "../support/mailbox";
import { createConfirmedUser, DEMO_PASSWORD, uniqueEmail } from "../support/users";
import { createAthlete, createTeamFor, db, signIn } from "./team-support";

// docs/product.md#auth, #public-team-pages and #invitations: a request remembered from a search to its confirm step, public team pages, and invitations.
const peregian = { id: "7ea40000-0000-4000-8000-000000000003", name: "Peregian Pace Setters" };
const phone = { width: 390, height: 844 };
const viewports = [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "phone", size: phone },
];

async function fillNewProfile(page: Page, username: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Username").fill(username);
  await main.getByLabel("Full name").fill("Robin Runner");
  await main.getByLabel("Location").fill("Peregian Beach");
  await main.getByLabel("Specialty").selectOption({ label: "Runner" });
  await main.getByLabel("Experience level").selectOption({ label: "Intermediate" });
  await main.getByLabel("Goals").fill("Run the relay leg in under 50 minutes");
}

const requestsOf = async (email: string, teamId: string) =>
  db()`select m.status, m.role from public.team_members m
       join public.profiles p on p.id = m.profile_id
       join auth.users u on u.id = p.auth_id
       where u.email = ${email} and m.team_id = ${teamId}`;

async function phoneContext(browser: Browser, size: { width: number; height: number }) {
  return browser.newContext({ viewport: size, isMobile: size.width < 500, hasTouch: size.width < 500 });
}

for (const { name, size } of viewports) {
  test(`${name}: from an urgent landing page to a sent request, the e-mail link opened in another browser`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail(`intent-${name}`);
    const first = await phoneContext(browser, size);
    const page = await first.newPage();
    await page.goto("/urgent-triathlon-team-noosa");
    // The first team under "Teams that need someone now" (the demo's Peregian Pace Setters, unless other
    // specs have added teams that need someone sooner).
    const urgent = page
      .getByRole("region", { name: "Teams that need someone now" })
      .getByRole("heading", { level: 3 })
      .getByRole("link")
      .first();
    const target = {
      name: (await urgent.textContent())!,
      id: (await urgent.getAttribute("href"))!.split("/").pop()!,
    };
    await saveScreen(page, `landing-urgent-teams-${name}`);
    await urgent.click();

    // The public team page, signed out.
    await expect(page).toHaveURL(`/teams/${target.id}`);
    await expect(page.getByRole("heading", { level: 1, name: target.name })).toBeVisible();
    await expect(page.getByText(/Needs an? \w+ by \d{1,2} [A-Z][a-z]{2}/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pending requests" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreen(page, `team-public-${name}`);

    await page.getByLabel("Join as").selectOption({ label: "Runner" });
    await page.getByRole("button", { name: "Request to Join Team" }).click();
    const intent = `/teams/${target.id}/join?as=runner`;
    await expect(page).toHaveURL(`/auth?view=sign_up&next=${encodeURIComponent(intent)}`);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("intent-pass-1");
    const since = new Date();
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Check your email for the confirmation link")).toBeVisible();
    const link = authLink(await waitForMail(email, { since, subject: /confirm/i }));
    // The intent is in the link itself, not in this browser; a new account goes through create-profile.
    expect(new URL(link).searchParams.get("next")).toBe(`/create-profile?next=${encodeURIComponent(intent)}`);
    await first.close();

    const other = await phoneContext(browser, size);
    const page2 = await other.newPage();
    await page2.goto(link);
    await expect(page2).toHaveURL(`/create-profile?next=${encodeURIComponent(intent)}`, { timeout: 20_000 });
    await expectNoAxeViolations(page2);
    await fillNewProfile(page2, `intent_${name}_${Date.now().toString(36)}`);
    await page2.getByRole("button", { name: "Create Profile" }).click();

    // One question, nothing sent before the press.
    await expect(page2).toHaveURL(intent, { timeout: 20_000 });
    await expect(
      page2.getByRole("heading", {
        level: 1,
        name: `Send your request to ${target.name} as a runner?`,
      }),
    ).toBeVisible();
    expect(await requestsOf(email, target.id)).toEqual([]);
    await expectNoAxeViolations(page2);
    await saveScreen(page2, `team-join-confirm-${name}`);
    await page2.getByRole("button", { name: "Send request" }).click();
    await expect(page2.getByText("Your request has been sent!", { exact: true })).toBeVisible();
    await expect(page2).toHaveURL(/\/messages\?c=/, { timeout: 15_000 });
    expect(await requestsOf(email, target.id)).toEqual([{ status: "pending", role: "runner" }]);
    // The same link again asks nothing twice: the confirm step says the request is already there.
    await page2.goto(intent);
    await expect(page2.getByText("You have already asked to join this team.")).toBeVisible();
    expect(await requestsOf(email, target.id)).toHaveLength(1);
    await other.close();
  });
}

test("a shared team link: useful page, card and JSON-LD for an open team; noindex when full; closed is private", async ({
  page,
  request,
}) => {
  const response = await page.goto(`/teams/${peregian.id}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Peregian Pace Setters needs a runner by \d{1,2} [A-Z][a-z]{2} \| /);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const team = jsonLd
    .map((t) => JSON.parse(t) as { "@type": string; name: string })
    .find((d) => d["@type"] === "SportsTeam");
  expect(team?.name).toBe(peregian.name);
  const image = new URL((await page.locator('meta[property="og:image"]').getAttribute("content"))!);
  const card = await request.get(image.pathname + image.search);
  expect(card.status()).toBe(200);
  expect(card.headers()["content-type"]).toBe("image/png");
  // Members' names only where public; nothing of pending requests.
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/teams/${peregian.id}</loc>`);

  // Hinterland Hammers is full: its link still works, but it is not for search engines or the sitemap.
  const full = (await db()`select id from public.teams where name = 'Hinterland Hammers'`)[0]!.id as string;
  await page.goto(`/teams/${full}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect(sitemap).not.toContain(`/teams/${full}<`);
  // Sunday Social Relay is closed: not found for a visitor.
  const closed = (await db()`select id from public.teams where name = 'Sunday Social Relay'`)[0]!
    .id as string;
  const hidden = await page.goto(`/teams/${closed}`);
  expect(hidden?.status()).toBe(404);
  await expect(page.getByText("Sunday Social Relay")).toHaveCount(0);
});

test("Share copies the link where the browser has no share sheet", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/teams/${peregian.id}`);
  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/teams/${peregian.id}$`),
  );
});

test("the creator's dashboard shares the team's public page", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const creator = await createAthlete("cyclist", "sharer");
  const team = await createTeamFor(creator, { name: `Share ${creator.profileId.slice(0, 4)}` });
  await signIn(page, creator, "/dashboard");
  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
  const card = page.getByRole("region", { name: "Your Teams" });
  await card.getByRole("button", { name: "Share" }).click();
  await expect(card.getByRole("button", { name: "Link copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/teams/${team.id}$`));
  await saveScreen(page, "dashboard-share-desktop", false);
});

test("Send Message remembered through sign-in and create-profile ends on one confirm step", async ({
  page,
}) => {
  const mia = (await db()`select id from public.profiles where username ilike 'mia%' limit 1`)[0]!
    .id as string;
  const account = await createConfirmedUser();
  await page.goto(`/profile/${mia}`);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/auth\?view=sign_up&next=/);
  await page.getByRole("link", { name: "Sign in", exact: true }).first().click();
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`/create-profile?next=${encodeURIComponent(`/messages/start/${mia}`)}`);
  await fillNewProfile(page, `msg_${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Create Profile" }).click();
  await expect(page).toHaveURL(`/messages/start/${mia}`, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: /^Send a message to Mia/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreen(page, "message-confirm-desktop");
  await page.getByRole("button", { name: "Send a message" }).click();
  await expect(page).toHaveURL(/\/messages\?c=/, { timeout: 15_000 });
});

for (const { name, size } of viewports) {
  test(`${name}: a creator invites a suggested runner and sees them join`, async ({ browser }) => {
    test.setTimeout(180_000);
    const creator = await createAthlete("cyclist", "captain");
    const team = await createTeamFor(creator, { name: `Invite ${name} ${creator.profileId.slice(0, 4)}` });
    await db()`update public.teams set urgent_role = 'runner', urgent_by = current_date + 2 where id = ${team.id}`;
    const runner = await createAthlete("runner", "sprinter");

    const c = await phoneContext(browser, size);
    const page = await c.newPage();
    await signIn(page, creator, `/teams/${team.id}`);
    const fit = page.getByRole("list", { name: "Athletes who fit" });
    await expect(fit).toBeVisible();
    // Other specs' athletes may rank above this one (the same leg and level, online now): page on, 5 at a
    // time, as a creator would.
    for (let p = 0; p < 20 && !(await fit.getByRole("link", { name: runner.fullName }).isVisible()); p++) {
      await page.getByRole("link", { name: "Next 5" }).click();
      await expect(page).toHaveURL(new RegExp(`\\?fit=${p + 2}$`));
    }
    await expect(fit.getByRole("link", { name: runner.fullName })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreen(page, `team-athletes-who-fit-${name}`);
    await fit.getByRole("button", { name: `Invite ${runner.fullName}` }).click();
    await expect(page.getByText(`Invitation sent to ${runner.fullName}`)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("list", { name: "Invitations sent" })).toContainText(
      `${runner.fullName} as runner: waiting for an answer`,
    );
    await expect(fit.getByRole("link", { name: runner.fullName })).toHaveCount(0);

    // The invitee: the message links to the team page, where Accept is.
    const r = await phoneContext(browser, size);
    const invitee = await r.newPage();
    await signIn(invitee, runner, "/messages");
    await invitee
      .getByRole("region", { name: "Conversations" })
      .getByRole("link", { name: new RegExp(creator.fullName) })
      .click();
    await invitee
      .getByRole("log")
      .getByRole("link", { name: `/teams/${team.id}`, exact: true })
      .first()
      .click();
    await expect(invitee.getByRole("heading", { name: "You're invited" })).toBeVisible();
    await expectNoAxeViolations(invitee);
    await saveScreen(invitee, `team-invited-${name}`);
    await invitee.getByRole("button", { name: "Accept invitation" }).click();
    await expect(invitee.getByText(`Welcome to ${team.name}!`)).toBeVisible({ timeout: 20_000 });
    await expect(invitee.getByRole("button", { name: "Leave Team" })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("list", { name: "Invitations sent" })).toContainText("accepted");
    await expect(page.getByRole("main").getByRole("link", { name: runner.fullName }).first()).toBeVisible();
    const [row] =
      await db()`select status from public.team_members where team_id = ${team.id} and profile_id = ${runner.profileId}`;
    expect(row!.status).toBe("active");
    await c.close();
    await r.close();
  });
}

test("a signed-in viewer's controls never reach the shared copy", async ({ browser, page }) => {
  const chloe = { email: "chloe@example.com", password: DEMO_PASSWORD };
  const c = await browser.newContext();
  const creator = await c.newPage();
  await signIn(creator, chloe, `/teams/${peregian.id}`);
  await expect(creator.getByRole("heading", { name: "Pending requests" })).toBeVisible();
  await expect(creator.getByRole("link", { name: "Edit Team" })).toBeVisible();
  await c.close();
  // A visitor right after: the cached public copy, no creator controls.
  await page.goto(`/teams/${peregian.id}`);
  await expect(page.getByRole("heading", { level: 1, name: peregian.name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pending requests" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Edit Team" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Athletes who fit" })).toHaveCount(0);
});

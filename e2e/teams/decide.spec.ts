import { devices, expect, test, type Locator, type Page } from "@playwright/test";
import type postgres from "postgres";
import { expectNoAxeViolations } from "../support/axe";
import { waitForMail } from "../support/mailbox";
import { signInWithSession } from "../support/users";
import { createAthlete, createTeamFor, db, signIn, type Athlete } from "./team-support";

// Every decision one tap from where people are, on a phone: the e-mail links land on the decision itself
// (through sign-in when signed out), and a stale link says plainly what became of it.
test.use({ ...devices["Pixel 7"] });
test.describe.configure({ timeout: 180_000 });

const screensDir = process.env.DECIDE_SCREENS_DIR ?? "test-results/decide-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screensDir}/${name}.png`, fullPage: true });
/** An e-mail link's path and query: links are absolute on the configured site. */
const onThisSite = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Runs `fn` in one transaction as the signed-in athlete, as the app's server actions do. */
async function asAthlete<T>(who: Athlete, fn: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  return (await db().begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: who.id, role: "authenticated" })}, true)`;
    return fn(tx);
  })) as T;
}
const askToJoin = (who: Athlete, teamId: string, role = "runner") =>
  asAthlete(who, async (tx) => {
    const [row] = await tx`select public.request_to_join_team(${teamId}, ${role}) as r`;
    return (row!.r as { member: { id: string } }).member.id;
  });

/** Presses Tab until `target` has focus (at most 40 times): the control is reachable by keyboard alone. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${String(target)} was not reached with Tab`);
}

/** Signs in on the /auth page the app sent us to, by the form, as a person would. */
async function signInHere(page: Page, who: Athlete) {
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("the creator, signed out, goes from the e-mail to the request and accepts it by keyboard", async ({
  page,
}) => {
  const creator = await createAthlete("cyclist", "chloe");
  const team = await createTeamFor(creator, { name: `Decide Me ${creator.profileId.slice(0, 4)}` });
  const runner = await createAthlete("runner", "riley");
  const since = new Date();
  const memberId = await askToJoin(runner, team.id);

  const mail = await waitForMail(creator.email, { subject: /wants to join/, since, timeout: 30_000 });
  const link = mail.links.find((l) => l.includes(`/teams/${team.id}/requests/${memberId}`));
  expect(link, mail.links.join(", ")).toBeTruthy();

  // Signed out: sign-in first, never the public team page with its "Request to Join".
  await page.goto(onThisSite(link!));
  await expect(page).toHaveURL(/\/auth\?next=/);
  await shot(page, "email-link-sign-in-pixel7");
  await signInHere(page, creator);
  await expect(page).toHaveURL(new RegExp(`/teams/${team.id}/requests/${memberId}$`), { timeout: 20_000 });
  await expect(
    page.getByRole("heading", { name: `${runner.fullName} wants to join ${team.name}` }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /Request to Join/i })).toHaveCount(0);
  const accept = page.getByRole("button", { name: `Accept ${runner.fullName}` });
  // On the first screen of a phone: no scrolling to find it.
  const box = (await accept.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await expectNoAxeViolations(page);
  await shot(page, "request-pending-pixel7");

  await tabTo(page, accept);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Request accepted")).toBeVisible();
  const first = runner.fullName.split(" ")[0];
  await expect(page.getByRole("status").filter({ hasText: `You accepted ${first}'s request` })).toBeVisible();
  expect(
    await db()`select status from public.team_members where id = ${memberId}`.then((r) => r[0]!.status),
  ).toBe("active");
  await expectNoAxeViolations(page);
  await shot(page, "request-accepted-pixel7");

  // The requester's decision e-mail leads to the same request, which says where it stands.
  const decision = await waitForMail(runner.email, {
    subject: /accepted your request/,
    since,
    timeout: 30_000,
  });
  const seeIt = decision.links.find((l) => l.includes(`/requests/${memberId}`));
  expect(seeIt, decision.links.join(", ")).toBeTruthy();
  await page.context().clearCookies();
  await signIn(page, runner, onThisSite(seeIt!));
  await expect(
    page.getByRole("status").filter({ hasText: `${team.name} accepted your request` }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Open your team" })).toBeVisible();
  await shot(page, "request-accepted-requester-pixel7");
});

test("a decision link already answered, withdrawn, not yours, or whose team is gone says so", async ({
  page,
}) => {
  const creator = await createAthlete("swimmer", "sky");
  const team = await createTeamFor(creator, { name: `Stale Links ${creator.profileId.slice(0, 4)}` });
  const declined = await createAthlete("runner", "dee");
  const withdrawn = await createAthlete("runner", "wil");
  const stranger = await createAthlete("runner", "stan");
  const declinedId = await askToJoin(declined, team.id);
  const withdrawnId = await askToJoin(withdrawn, team.id);
  await asAthlete(creator, (tx) => tx`select public.decline_join_request(${declinedId})`);
  await asAthlete(withdrawn, (tx) => tx`select public.leave_team(${team.id})`);

  await signIn(page, creator, `/teams/${team.id}/requests/${declinedId}`);
  await expect(page.getByRole("status")).toHaveText(
    `You declined ${declined.fullName.split(" ")[0]}'s request. ${declined.fullName.split(" ")[0]} has been told.`,
  );
  await expect(page.getByRole("button", { name: /Accept/ })).toHaveCount(0);
  await shot(page, "request-declined-pixel7");
  await page.goto(`/teams/${team.id}/requests/${withdrawnId}`);
  await expect(page.getByRole("status")).toHaveText(
    `${withdrawn.fullName.split(" ")[0]} withdrew this request before you answered it.`,
  );
  await expectNoAxeViolations(page);

  await page.context().clearCookies();
  await signIn(page, stranger, `/teams/${team.id}/requests/${declinedId}`);
  await expect(page.getByRole("heading", { name: "Request not found" })).toBeVisible();
  await expect(page.getByText(declined.fullName)).toHaveCount(0);

  await db()`delete from public.teams where id = ${team.id}`;
  await page.context().clearCookies();
  await signIn(page, declined, `/teams/${team.id}/requests/${declinedId}`);
  await expect(page.getByRole("heading", { name: "This team no longer exists" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "request-team-gone-pixel7");
});

test("an invitation e-mail, opened signed out, lands on the invitation with Accept and Decline", async ({
  page,
}) => {
  const creator = await createAthlete("cyclist", "ivy");
  const team = await createTeamFor(creator, { name: `Invite Link ${creator.profileId.slice(0, 4)}` });
  const invitee = await createAthlete("swimmer", "sol");
  const since = new Date();
  await asAthlete(creator, (tx) => tx`select public.invite_to_team(${team.id}, ${invitee.profileId})`);
  const mail = await waitForMail(invitee.email, { subject: /invites you/, since, timeout: 30_000 });
  const link = mail.links.find((l) => l.includes(`/teams/${team.id}/invitations/`));
  expect(link, mail.links.join(", ")).toBeTruthy();

  await page.goto(onThisSite(link!));
  await expect(page).toHaveURL(/\/auth\?next=/);
  await signInHere(page, invitee);
  await expect(
    page.getByRole("heading", { name: `${team.name} invites you to join as the swimmer` }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("button", { name: "Decline invitation" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "invitation-pending-pixel7");
  const accept = page.getByRole("button", { name: "Accept invitation" });
  await tabTo(page, accept);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "You accepted this invitation" })).toBeVisible();
  await shot(page, "invitation-accepted-pixel7");
});

test("after Send, the thread opens on a Request sent card that says where the request stands", async ({
  page,
}) => {
  const creator = await createAthlete("swimmer", "cleo");
  const team = await createTeamFor(creator, { name: `Card Team ${creator.profileId.slice(0, 4)}` });
  const runner = await createAthlete("runner", "sam");

  await signIn(page, runner, `/teams/${team.id}`);
  await page.getByLabel("Join as").selectOption("runner");
  await page.getByRole("button", { name: "Request to Join Team" }).click();
  await expect(page.getByText("Your request has been sent!")).toBeVisible();
  await expect(page).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);

  const card = page.getByRole("region", { name: "Request sent" });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`You asked to join ${team.name} as the runner. Waiting for an answer.`);
  await expect(card).toContainText(`${creator.fullName.split(" ")[0]} has been e-mailed your request.`);
  await expect(card).toContainText("You'll get an e-mail when they decide");
  await expect(card.getByText("Pending", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: `View ${team.name}` })).toHaveAttribute(
    "href",
    `/teams/${team.id}`,
  );
  // The automatic message reads as a person wrote it: a named profile link, no raw path.
  await expect(
    page.getByRole("link", { name: `View ${runner.fullName.split(" ")[0]}'s profile` }),
  ).toBeVisible();
  await expect(page.getByText(`/profile/${runner.profileId}`)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, "request-sent-card-pixel7");

  const [member] =
    await db()`select id from public.team_members where team_id = ${team.id} and profile_id = ${runner.profileId}`;
  await asAthlete(creator, (tx) => tx`select public.decline_join_request(${member!.id})`);
  // No reload: the creator's answer arrives in the thread live, and the card follows it.
  await expect(card.getByText("Declined", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText("Declined this time.");
  await shot(page, "request-sent-card-declined-pixel7");
});

test("the dashboard's first card decides a request in place; the Teams page says requests wait", async ({
  page,
}) => {
  const creator = await createAthlete("cyclist", "dash");
  const team = await createTeamFor(creator, { name: `Dash Team ${creator.profileId.slice(0, 4)}` });
  const runner = await createAthlete("runner", "rue");
  const swimmer = await createAthlete("swimmer", "sue");
  const runnerId = await askToJoin(runner, team.id, "runner");
  await askToJoin(swimmer, team.id, "swimmer");

  await signIn(page, creator, "/teams");
  await expect(page.getByText("2 requests to join your team wait for your answer.")).toBeVisible();
  await shot(page, "teams-waiting-pixel7");

  await page.goto("/dashboard");
  const first = page.locator("[data-card]").first();
  await expect(first).toHaveAttribute("data-card", "needs-you");
  const decide = first.getByRole("list", { name: "Requests to decide" });
  await expect(decide.getByRole("listitem")).toHaveCount(2);
  await expect(first.getByRole("list", { name: "Your team's open legs" })).toContainText(
    `${team.name} still needs: Swimmer, Runner`,
  );
  await expect(first.getByRole("button", { name: "Share" }).first()).toBeVisible();
  await expect(first.getByText("Mark urgent")).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "dashboard-needs-you-pixel7");

  const accept = decide.getByRole("button", { name: `Accept ${runner.fullName}` });
  await tabTo(page, accept);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Request accepted")).toBeVisible();
  await expect(decide.getByRole("listitem")).toHaveCount(1);
  await expect(first.getByRole("list", { name: "Your team's open legs" })).toContainText(
    `${team.name} still needs: Swimmer`,
  );
  expect(
    await db()`select status from public.team_members where id = ${runnerId}`.then((r) => r[0]!.status),
  ).toBe("active");
  await shot(page, "dashboard-after-accept-pixel7");

  // The requester's dashboard: the request they sent and where it stands.
  await page.context().clearCookies();
  await signIn(page, runner, "/dashboard");
  const sent = page.getByRole("list", { name: "Requests you sent" });
  await expect(sent.getByRole("listitem").filter({ hasText: team.name })).toContainText("Accepted");
  await shot(page, "dashboard-requester-pixel7");
});

test("on a phone the creator's team page opens on pending requests, and Accept keeps the view on the roster", async ({
  page,
}) => {
  const creator = await createAthlete("cyclist", "tess");
  const team = await createTeamFor(creator, { name: `Phone Team ${creator.profileId.slice(0, 4)}` });
  const runner = await createAthlete("runner", "ron");
  await askToJoin(runner, team.id, "runner");

  await signIn(page, creator, `/teams/${team.id}`);
  const pending = page.getByRole("heading", { name: "Pending requests" });
  const fit = page.getByRole("heading", { name: "Athletes who fit" });
  await expect(pending).toBeVisible();
  const [pendingBox, fitBox] = [(await pending.boundingBox())!, (await fit.boundingBox())!];
  expect(pendingBox.y).toBeLessThan(fitBox.y);
  const accept = page.getByRole("button", { name: `Accept ${runner.fullName}` });
  await accept.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${screensDir}/team-page-pending-first-pixel7.png` });
  const before = await page.evaluate(() => window.scrollY);
  await accept.click();
  await expect(page.getByText("Request accepted")).toBeVisible();
  const members = page.getByRole("list", { name: "Members" });
  await expect(members).toContainText(runner.fullName);
  // The view stays where it was (no jump to the footer), with the roster and its new member in sight.
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(80);
  await expect(members.getByText(runner.fullName)).toBeInViewport();
  await page.screenshot({ path: `${screensDir}/team-page-after-accept-pixel7.png` });
});

// The same screens at the narrowest phone width and on a desktop, to be looked at.
const widths = {
  "360px": { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const;
for (const [label, use] of Object.entries(widths)) {
  test.describe(`at ${label}`, () => {
    test.use(use);
    test(`the decision screens at ${label}`, async ({ page }) => {
      const creator = await createAthlete("cyclist", "wendy");
      const team = await createTeamFor(creator, { name: `Wide Team ${creator.profileId.slice(0, 4)}` });
      const runner = await createAthlete("runner", "wes");
      const memberId = await askToJoin(runner, team.id, "runner");

      await signIn(page, creator, `/teams/${team.id}/requests/${memberId}`);
      await expect(page.getByRole("button", { name: `Accept ${runner.fullName}` })).toBeVisible();
      await shot(page, `request-pending-${label}`);
      await page.goto("/dashboard");
      await expect(page.getByRole("list", { name: "Requests to decide" })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `dashboard-needs-you-${label}`);
      await page.goto(`/teams/${team.id}`);
      await expect(page.getByRole("list", { name: "Pending requests" })).toBeVisible();
      await shot(page, `team-page-creator-${label}`);

      await page.context().clearCookies();
      const [c] = await db()`select c.id from public.conversations c
        where ${runner.profileId} in (c.participant_one_id, c.participant_two_id)
          and ${creator.profileId} in (c.participant_one_id, c.participant_two_id)`;
      await signInWithSession(page, runner, `/messages?c=${c!.id}`);
      await expect(page.getByRole("region", { name: "Request sent" })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `request-sent-card-${label}`);
    });
  });
}

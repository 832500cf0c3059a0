import { devices, expect, test, type Locator, type Page } from "@playwright/test";
import type postgres from "postgres";
import { expectNoAxeViolations } from "../support/axe";
import { signInWithSession } from "../support/users";
import { createAthlete, createTeamFor, db, signIn, type Athlete } from "./team-support";

// One leg, one athlete, unless the creator chooses otherwise: a request whose leg was taken meanwhile shows
// so on the decision page, with a leg chooser instead of one bright Accept; the requester can ask for an
// open leg; the join screen offers only open legs and never says "already asked" right after Send; and a
// decision answers the request's message (the Messages badge goes back to nothing unread).
test.use({ ...devices["Pixel 7"] });
test.describe.configure({ timeout: 180_000 });

const screensDir = process.env.DECIDE_SCREENS_DIR ?? "test-results/leg-taken-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screensDir}/${name}.png`, fullPage: true });

async function asAthlete<T>(who: Athlete, fn: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  return (await db().begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: who.id, role: "authenticated" })}, true)`;
    return fn(tx);
  })) as T;
}
const askToJoin = (who: Athlete, teamId: string, role: string) =>
  asAthlete(who, async (tx) => {
    const [row] = await tx`select public.request_to_join_team(${teamId}, ${role}) as r`;
    return (row!.r as { member: { id: string } }).member.id;
  });
const accept = (creator: Athlete, memberId: string) =>
  asAthlete(creator, (tx) => tx`select public.accept_join_request(${memberId})`);
const roleOf = async (memberId: string) =>
  (await db()`select status, role from public.team_members where id = ${memberId}`)[0];

async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${String(target)} was not reached with Tab`);
}

/** A cyclist's team needing a swimmer and a runner; two runners asked, the first was accepted. */
async function runLegTaken(label: string) {
  const creator = await createAthlete("cyclist", `${label}c`);
  const team = await createTeamFor(creator, { name: `Leg ${label} ${creator.profileId.slice(0, 4)}` });
  const first = await createAthlete("runner", `${label}r`);
  const second = await createAthlete("runner", `${label}n`);
  const firstId = await askToJoin(first, team.id, "runner");
  const secondId = await askToJoin(second, team.id, "runner");
  await accept(creator, firstId);
  return { creator, team, second, secondId };
}

const widths = {
  pixel7: {},
  "360px": { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const;
for (const [label, use] of Object.entries(widths)) {
  test.describe(`at ${label}`, () => {
    test.use(use);
    test(`the decision page shows the covered leg and the leg chooser, by keyboard, at ${label}`, async ({
      page,
    }) => {
      const { creator, team, second, secondId } = await runLegTaken(label.replace(/\W/g, ""));
      await signIn(page, creator, `/teams/${team.id}/requests/${secondId}`);
      const chooser = page.getByRole("region", { name: "The run leg is taken" });
      await expect(chooser).toBeVisible();
      await expect(chooser).toContainText("Another athlete races the run leg now.");
      // No one-press Accept of the taken leg.
      await expect(page.getByRole("button", { name: `Accept ${second.fullName}`, exact: true })).toHaveCount(
        0,
      );
      const asSwimmer = page.getByRole("button", { name: `Accept ${second.fullName} as the swimmer` });
      await expect(asSwimmer).toBeVisible();
      await expect(
        page.getByRole("button", { name: `Accept ${second.fullName} as a second runner, an extra place` }),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
      await expectNoAxeViolations(page);
      await shot(page, `decision-leg-taken-${label}`);

      // The dashboard and the team page: Choose a leg, not Accept.
      await page.goto("/dashboard");
      const decide = page.getByRole("list", { name: "Requests to decide" });
      await expect(decide).toContainText("The run leg is taken now: choose the leg they will race.");
      await expect(decide.getByRole("link", { name: `Choose a leg for ${second.fullName}` })).toBeVisible();
      await expect(decide.getByRole("button", { name: `Accept ${second.fullName}` })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await shot(page, `dashboard-leg-taken-${label}`);

      await page.goto(`/teams/${team.id}/requests/${secondId}`);
      await expect(asSwimmer).toBeVisible();
      await tabTo(page, asSwimmer);
      await page.keyboard.press("Enter");
      await expect(page.getByText("Request accepted").first()).toBeVisible();
      await expect.poll(() => roleOf(secondId)).toEqual({ status: "active", role: "swimmer" });
      await shot(page, `decision-accepted-as-swimmer-${label}`);
    });
  });
}

test("the requester sees the leg taken in the thread and on the dashboard, and asks for an open leg", async ({
  page,
}) => {
  const { creator, team, second, secondId } = await runLegTaken("req");
  await signIn(page, second, "/dashboard");
  const sent = page.getByRole("list", { name: "Requests you sent" });
  await expect(sent.getByText("Leg taken")).toBeVisible();
  await expect(sent).toContainText("Another athlete races the run leg now.");
  await expectNoAxeViolations(page);
  await shot(page, "requester-dashboard-leg-taken-pixel7");

  const [c] = await db()`select c.id from public.conversations c
    where ${second.profileId} in (c.participant_one_id, c.participant_two_id)
      and ${creator.profileId} in (c.participant_one_id, c.participant_two_id)`;
  await page.goto(`/messages?c=${c!.id}`);
  const card = page.getByRole("region", { name: "Request sent" });
  await expect(card.getByText("Leg taken", { exact: true })).toBeVisible();
  await expect(card).toContainText("Ask for an open leg or withdraw from your request's page.");
  await shot(page, "requester-thread-leg-taken-pixel7");

  await page.goto("/dashboard");
  await sent.getByRole("link", { name: "Ask for an open leg or withdraw" }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.id}/requests/${secondId}$`));
  await expect(page.getByRole("status").filter({ hasText: "The run leg is taken now" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Withdraw request" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "requester-request-page-leg-taken-pixel7");
  await page.getByRole("button", { name: "Ask for the swim leg" }).click();
  await expect(page.getByText("Your request is for the swim leg now").first()).toBeVisible();
  await expect.poll(() => roleOf(secondId)).toEqual({ status: "pending", role: "swimmer" });
});

test("the join screen offers only open legs and never says 'already asked' after Send", async ({ page }) => {
  const { team } = await runLegTaken("join");
  const late = await createAthlete("runner", "joinlate");
  await signInWithSession(page, late, `/teams/${team.id}/join?as=runner`);
  await expect(page.getByRole("heading", { name: `The run leg of ${team.name} is taken` })).toBeVisible();
  await expect(page.getByText("It still needs the swim leg: ask for that instead?")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send request" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, "join-leg-taken-pixel7");

  // Watch every change of the page from the press on: the refused text must never be on screen.
  await page.evaluate(() => {
    const w = window as unknown as { sawAlreadyAsked: boolean };
    w.sawAlreadyAsked = false;
    const check = () => {
      if (document.body.innerText.includes("You have already asked to join this team"))
        w.sawAlreadyAsked = true;
    };
    new MutationObserver(check).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  await page.getByRole("button", { name: "Ask for the swim leg" }).click();
  await expect(page.getByText("Your request has been sent!").first()).toBeVisible();
  await shot(page, "join-sent-pixel7");
  await expect(page).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/, { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { sawAlreadyAsked: boolean }).sawAlreadyAsked)).toBe(
    false,
  );
  const [row] = await db()`select role, status from public.team_members
    where team_id = ${team.id} and profile_id = ${late.profileId}`;
  expect(row).toEqual({ role: "swimmer", status: "pending" });
});

test("accepting from the dashboard answers the request's message: the Messages badge shows nothing unread", async ({
  page,
}) => {
  const creator = await createAthlete("cyclist", "badgec");
  const team = await createTeamFor(creator, { name: `Badge ${creator.profileId.slice(0, 4)}` });
  const runner = await createAthlete("runner", "badger");
  await askToJoin(runner, team.id, "runner");
  await signIn(page, creator, "/dashboard");
  await expect(page.getByRole("link", { name: "Messages, 1 unread" })).toBeVisible({ timeout: 20_000 });
  await page
    .getByRole("list", { name: "Requests to decide" })
    .getByRole("button", { name: `Accept ${runner.fullName}` })
    .click();
  await expect(page.getByText("Request accepted").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Messages, 1 unread" })).toHaveCount(0, { timeout: 20_000 });
  await page.goto("/messages");
  const list = page.getByRole("navigation", { name: /conversations/i }).or(page.locator("main"));
  await expect(list.getByText("Good news! I've accepted")).toBeVisible();
  await expect(page.getByText(/^1 unread$/)).toHaveCount(0);
  await shot(page, "messages-after-accept-pixel7");
});

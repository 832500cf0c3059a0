import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { waitForMail } from "../support/mailbox";
import { createConfirmedUser, signInWithSession } from "../support/users";
import { fillProfileForm } from "../profiles/profile-form";
import { cardOf, createAthlete, createTeamFor, db, signIn } from "../teams/team-support";

// docs/notifications.md end to end: the stack calls /api/cron/notifications every second (test:e2e passes --cron and
// SUPABASE_LOCAL_CRON_SECONDS=1; 3 s elsewhere), the app
// sends through the stack's SMTP listener, and the mail lands in the mailbox the tests read.
test.describe.configure({ timeout: 180_000 });

const screensDir = process.env.NOTIFY_SCREENS_DIR ?? "test-results/notification-screens";
const viewports = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screensDir}/${name}.png`, fullPage: true });

/** An e-mail link's path and query: links are absolute on the configured site (production's by default). */
const onThisSite = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const listUnsubscribe = (headers: Record<string, string>) =>
  /<([^>]+)>/.exec(headers["list-unsubscribe"] ?? "")![1]!;

test("a join request in the browser → the creator's e-mail → its link opens the request with Accept", async ({
  page,
  browser,
}) => {
  const creator = await createAthlete("cyclist", "captain");
  const team = await createTeamFor(creator, { name: `Mail Me ${creator.profileId.slice(0, 4)}` });
  const runner = await createAthlete("runner", "noah");
  const since = new Date();

  await signIn(page, runner, "/teams");
  await cardOf(page, team.name).getByLabel("Join as").selectOption("runner");
  await cardOf(page, team.name).getByRole("button", { name: "Request to Join Team" }).click();
  await expect(page.getByText("Your request has been sent!")).toBeVisible();

  const mail = await waitForMail(creator.email, { subject: /wants to join/, since, timeout: 20_000 });
  expect(mail.subject).toBe(`${runner.fullName} wants to join ${team.name}`);
  expect(mail.text).toContain(`as the runner`);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(listUnsubscribe(mail.headers)).toMatch(/\/unsubscribe\?token=v1\./);
  const requestLink = mail.links.find((l) => new RegExp(`/teams/${team.id}/requests/[0-9a-f-]{36}$`).test(l));
  expect(requestLink).toBeTruthy();

  const creatorContext = await browser.newContext();
  const creatorPage = await creatorContext.newPage();
  await signIn(creatorPage, creator, onThisSite(requestLink!));
  const accept = creatorPage.getByRole("main").getByRole("button", { name: `Accept ${runner.fullName}` });
  await expect(accept).toBeVisible();

  // Accepting e-mails the runner; that e-mail's one-click unsubscribe (RFC 8058) works without signing in.
  await accept.click();
  await expect(creatorPage.getByText("Request accepted")).toBeVisible();
  const decision = await waitForMail(runner.email, {
    subject: /accepted your request/,
    since,
    timeout: 20_000,
  });
  expect(decision.subject).toBe(`You're in: ${team.name} accepted your request`);
  // The automatic "Good news!" message is not e-mailed a second time.
  expect(
    await db()`select 1 from private.notification_outbox where recipient_id = ${runner.profileId} and kind = 'message'`,
  ).toHaveLength(0);

  const oneClick = await page.request.post(onThisSite(listUnsubscribe(decision.headers)), {
    form: { "List-Unsubscribe": "One-Click" },
    maxRedirects: 0,
  });
  expect(oneClick.status()).toBe(200);
  expect(
    await db()`select decisions, join_requests from public.notification_settings where profile_id = ${runner.profileId}`,
  ).toEqual([{ decisions: false, join_requests: true }]);
  await creatorContext.close();
});

test("unsubscribe page: opening changes nothing, one press does; a forged link changes nothing", async ({
  page,
}) => {
  const creator = await createAthlete("swimmer", "skipper");
  const team = await createTeamFor(creator, { name: `Quiet Please ${creator.profileId.slice(0, 4)}` });
  const runner = await createAthlete("runner", "asker");
  const since = new Date();
  await db().begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: runner.id, role: "authenticated" })}, true)`;
    await tx`select public.request_to_join_team(${team.id}, 'runner')`;
  });
  const mail = await waitForMail(creator.email, { subject: /wants to join/, since, timeout: 20_000 });
  const link = mail.links.find((l) => l.includes("/unsubscribe?token="))!;
  const setting = async () =>
    (
      await db()`select join_requests from public.notification_settings where profile_id = ${creator.profileId}`
    )[0]?.join_requests;

  for (const [label, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.goto(onThisSite(link));
    await expect(
      page.getByRole("heading", { name: "Stop e-mails about join requests and invitations?" }),
    ).toBeVisible();
    await shot(page, `unsubscribe-confirm-${label}`);
  }
  await expectNoAxeViolations(page);
  expect(await setting()).toBeUndefined();

  await page.getByRole("button", { name: "Unsubscribe" }).press("Enter");
  await expect(
    page.getByRole("heading", {
      name: "You're unsubscribed from e-mails about join requests and invitations",
    }),
  ).toBeVisible();
  expect(await setting()).toBe(false);
  await expectNoAxeViolations(page);
  await shot(page, "unsubscribe-done-mobile");

  // Forged: another athlete's id under this signature, or garbage. A clear page; nothing changes.
  const forged = link.replace(creator.profileId, runner.profileId);
  await page.goto(onThisSite(forged));
  await expect(page.getByRole("heading", { name: "This unsubscribe link does not work" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "unsubscribe-invalid-mobile");
  const refused = await page.request.post(onThisSite(forged), { form: { "List-Unsubscribe": "One-Click" } });
  expect(refused.status()).toBe(400);
  expect(
    await db()`select 1 from public.notification_settings where profile_id = ${runner.profileId}`,
  ).toHaveLength(0);
});

test("settings page: by keyboard, axe clean, saved", async ({ page }) => {
  const me = await createAthlete("runner", "setter");
  await signIn(page, me, "/profile");
  await page.getByRole("link", { name: "E-mail settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Notifications", exact: true })).toBeVisible();
  await expect(page.getByRole("switch", { name: "New messages" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Urgent leg alerts" })).not.toBeChecked();
  await expectNoAxeViolations(page);

  // Keyboard only: focus the first switch, Tab through, Space to flip, Enter on Save.
  await page.getByRole("switch", { name: "Join requests" }).focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("switch", { name: "New messages" })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  // On past the training-session switches to Save.
  const save = page.getByRole("button", { name: "Save e-mail settings" });
  for (let i = 0; i < 6 && !(await save.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(save).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "E-mail settings saved." })).toBeVisible();
  expect(
    await db()`select join_requests, decisions, messages, urgent_alerts from public.notification_settings
               where profile_id = ${me.profileId}`,
  ).toEqual([{ join_requests: true, decisions: true, messages: false, urgent_alerts: true }]);

  await page.reload();
  await expect(page.getByRole("switch", { name: "New messages" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Urgent leg alerts" })).toBeChecked();
  await expectNoAxeViolations(page);
  for (const [label, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await shot(page, `settings-${label}`);
  }
});

test("the e-mail itself, as a mail client shows it", async ({ page }) => {
  const creator = await createAthlete("cyclist", "viewer");
  const team = await createTeamFor(creator, { name: `Look At Me ${creator.profileId.slice(0, 4)}` });
  const runner = await createAthlete("runner", "sender");
  const since = new Date();
  await db().begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: runner.id, role: "authenticated" })}, true)`;
    await tx`select public.request_to_join_team(${team.id}, 'runner')`;
  });
  const mail = await waitForMail(creator.email, { subject: /wants to join/, since, timeout: 20_000 });
  for (const [label, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.setContent(mail.html);
    await expect(page.getByRole("link", { name: "Review the request" })).toBeVisible();
    await shot(page, `email-join-request-${label}`);
  }
});

test("create-profile offers the urgent-alert opt-in, off until ticked", async ({ page }) => {
  const user = await createConfirmedUser();
  await signInWithSession(page, user, "/create-profile");
  await expect(page).toHaveURL(/\/create-profile$/);
  const main = page.getByRole("main");
  const optIn = main.getByRole("checkbox", { name: /Urgent leg alerts/ });
  await expect(optIn).not.toBeChecked();
  const username = `alerts_${user.id.slice(0, 8)}`;
  await fillProfileForm(page, {
    username,
    fullName: "Alert Me",
    location: "Noosaville",
    specialty: "Runner",
    level: "Intermediate",
    goals: "Run the 10 km leg for a relay team",
  });
  await optIn.focus();
  await page.keyboard.press("Space");
  await expect(optIn).toBeChecked();
  await expectNoAxeViolations(page);
  for (const [label, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await optIn.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screensDir}/create-profile-opt-in-${label}.png` });
  }
  await main.getByRole("button", { name: "Create Profile" }).click();
  await expect(page.getByText("Profile created successfully!")).toBeVisible();
  expect(
    await db()`select s.urgent_alerts, s.messages from public.notification_settings s
               join public.profiles p on p.id = s.profile_id where p.username = ${username}`,
  ).toEqual([{ urgent_alerts: true, messages: true }]);
});

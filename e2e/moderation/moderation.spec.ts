import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { copyWindowMs } from "../../lib/browse/shared-copy.ts";
import { DEMO_PASSWORD, signInWithSession } from "../support/users";
import {
  adminSql,
  conversationBetween,
  makeAthlete,
  signedInPage,
  thread,
  waitForLive,
  type TestAthlete,
} from "../messages/support";

// docs/security.md#moderation, in a real browser: an athlete reports a message and a
// profile, the demo moderator (mod@example.com, supabase/seed.sql) acts on /moderation, and the result shows
// on the other side. Fresh athletes per test, so no demo account is ever hidden or suspended. Screens for
// people to look at: MODERATION_SCREENS_DIR (default test-results/moderation-screens).
// Generous: several signed-in browsers per test on a shared two-core machine.
test.describe.configure({ timeout: 300_000 });
const sql = adminSql();
test.afterAll(() => sql.end());
const dir = process.env.MODERATION_SCREENS_DIR ?? "test-results/moderation-screens";
const viewports = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } };
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `${dir}/${name}.png`, fullPage });
const moderatorAccount = { email: "mod@example.com", password: DEMO_PASSWORD };

async function moderatorPage(browser: import("@playwright/test").Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithSession(page, moderatorAccount, "/moderation");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  return { context, page };
}

/** The queue's card about `who`. */
const card = (page: Page, who: TestAthlete) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: new RegExp(who.name) }) });

async function storedMessage(from: TestAthlete, conversationId: string, content: string) {
  const [row] = await sql<{ id: string }[]>`
    insert into public.messages (conversation_id, sender_id, content)
    values (${conversationId}, ${from.profileId}, ${content}) returning id`;
  return row!.id;
}

test("report a message by keyboard; the moderator hides it; it is gone for both sides", async ({
  browser,
}) => {
  const sender = await makeAthlete(sql, "Spammy Sender");
  const reporter = await makeAthlete(sql, "Rae Reporter");
  const conversationId = await conversationBetween(sql, sender, reporter);
  await storedMessage(sender, conversationId, "Hi Rae, are you racing the relay?");
  await storedMessage(sender, conversationId, "Cheap race entries at scam.example, send your card number");

  const r = await signedInPage(browser, reporter, `/messages?c=${conversationId}`);
  await waitForLive(r.page);
  const spam = thread(r.page).getByText("Cheap race entries");
  await expect(spam).toBeVisible();
  // Only the other person's messages carry a menu with Report; open it from the keyboard.
  const menus = r.page.getByRole("button", { name: "Options for message from Spammy Sender" });
  await expect(menus).toHaveCount(2);
  const trigger = menus.nth(1);
  await trigger.focus();
  await r.page.keyboard.press("Enter");
  await expect(r.page.getByRole("menuitem", { name: "Report message" })).toBeFocused();
  await r.page.keyboard.press("Enter");
  const dialog = r.page.getByRole("dialog", { name: "Report message from Spammy Sender" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Spam or a scam" })).toBeFocused();
  await expectNoAxeViolations(r.page);

  // Sending without a reason says what is missing and sends nothing.
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Choose a reason")).toBeVisible();
  await dialog.getByRole("radio", { name: "Spam or a scam" }).focus();
  await r.page.keyboard.press("Space");
  await expect(dialog.getByRole("radio", { name: "Spam or a scam" })).toBeChecked();
  await expect(dialog.getByText("Choose a reason")).toBeHidden();
  await dialog.getByLabel(/^Details/).fill("Asks for card numbers.");
  // A modal covers the viewport: these two are viewport shots.
  await shot(r.page, "report-dialog-desktop", false);
  await r.page.setViewportSize(viewports.mobile);
  await shot(r.page, "report-dialog-mobile", false);
  await r.page.setViewportSize(viewports.desktop);
  await dialog.getByRole("button", { name: "Send report" }).focus();
  await r.page.keyboard.press("Enter");
  await expect(dialog.getByRole("status")).toHaveText(
    "Thanks. Your report has been sent to our moderators, who will look at it.",
  );
  await expectNoAxeViolations(r.page);
  await r.page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // The same report again: nothing new is stored, and the reporter is told.
  await trigger.click();
  await r.page.getByRole("menuitem", { name: "Report message" }).click();
  await dialog.getByRole("radio", { name: "Harassment or bullying" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toHaveText("You've already reported this");
  await dialog.getByRole("button", { name: "Close" }).click();
  const [{ n }] = await sql<[{ n: number }]>`
    select count(*)::int as n from public.reports where reported_profile_id = ${sender.profileId}`;
  expect(n).toBe(1);

  // The reporter is not a moderator: the queue does not exist for them.
  await r.page.goto("/moderation");
  await expect(r.page.getByRole("heading", { level: 1 })).toHaveText(/can.t find that page/);

  const m = await moderatorPage(browser);
  const report = card(m.page, sender);
  await expect(report).toContainText("Cheap race entries at scam.example");
  await expect(report).toContainText("Asks for card numbers.");
  await expect(report).toContainText("Reported by Rae Reporter");
  await expectNoAxeViolations(m.page);
  for (const [label, viewport] of Object.entries(viewports)) {
    await m.page.setViewportSize(viewport);
    await shot(m.page, `moderation-queue-${label}`);
  }
  await m.page.setViewportSize(viewports.desktop);
  await report.getByRole("button", { name: "Hide message" }).click();
  await expect(m.page.getByRole("status")).toContainText(
    "Message hidden. Nobody sees it any more. 1 report closed.",
  );
  await expect(card(m.page, sender)).toHaveCount(0);
  await expect(
    m.page.getByRole("listitem").filter({ hasText: "Hid a message by mod@example.com" }).first(),
  ).toBeVisible();
  await expectNoAxeViolations(m.page);
  await shot(m.page, "moderation-after-hide-desktop");

  // Gone for the reporter and for the sender, and it no longer counts as unread.
  await r.page.goto(`/messages?c=${conversationId}`);
  await expect(thread(r.page).getByText("Hi Rae, are you racing the relay?")).toBeVisible();
  await expect(thread(r.page).getByText("Cheap race entries")).toHaveCount(0);
  const s = await signedInPage(browser, sender, `/messages?c=${conversationId}`);
  await expect(thread(s.page).getByText("Hi Rae, are you racing the relay?")).toBeVisible();
  await expect(thread(s.page).getByText("Cheap race entries")).toHaveCount(0);
  // Out of every reader's table (so no unread count, list preview or e-mail shows it), kept for the record.
  const [{ shown, kept }] = await sql<[{ shown: number; kept: number }]>`
    select (select count(*)::int from public.messages where content like 'Cheap race entries%') as shown,
           (select count(*)::int from private.hidden_messages where content like 'Cheap race entries%') as kept`;
  expect({ shown, kept }).toEqual({ shown: 0, kept: 1 });

  for (const c of [r.context, s.context, m.context]) await c.close();
});

test("a reported profile is hidden: gone from its page and from browse", async ({ browser, page }) => {
  const target = await makeAthlete(sql, "Fakey Impostor");
  const reporter = await makeAthlete(sql, "Pat Careful");
  await page.goto(`/profile/${target.profileId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Fakey Impostor" })).toBeVisible();

  const r = await signedInPage(browser, reporter, `/profile/${target.profileId}`);
  await r.page.getByRole("button", { name: "Report this profile" }).click();
  const dialog = r.page.getByRole("dialog", { name: "Report Fakey Impostor's profile" });
  await dialog.getByRole("radio", { name: "Something else" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Tell us what is wrong")).toBeVisible();
  await expect(dialog.getByLabel(/^Details/)).toBeFocused();
  await dialog.getByLabel(/^Details/).fill("Uses a famous athlete's photos and name.");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toContainText("Your report has been sent");
  for (const [label, viewport] of Object.entries(viewports)) {
    await r.page.setViewportSize(viewport);
    await shot(r.page, `report-profile-sent-${label}`, false);
  }

  const m = await moderatorPage(browser);
  await card(m.page, target).getByRole("button", { name: "Hide profile" }).click();
  await expect(m.page.getByRole("status")).toContainText("Profile hidden");

  await page.goto(`/profile/${target.profileId}`);
  await expect(page.getByRole("heading", { name: "Profile Not Found" })).toBeVisible();
  // A copy of Browse whose render was already under way when the moderator hid the profile (a link's
  // prefetch, say) is stamped after the expiry, so it may be served until its 5-second window ends
  // (docs/architecture.md#caching): read again until then, never longer.
  await expect(async () => {
    await page.goto(`/browse?q=${encodeURIComponent("Fakey Impostor")}`);
    await expect(page.getByText("Fakey Impostor")).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: copyWindowMs + 3000 });
  for (const c of [r.context, m.context]) await c.close();
});

test("a suspended athlete's send is refused with a clear message, and signing in says the account is suspended", async ({
  browser,
}) => {
  const offender = await makeAthlete(sql, "Troll Tom");
  const other = await makeAthlete(sql, "Kind Kim");
  const conversationId = await conversationBetween(sql, offender, other);
  await storedMessage(other, conversationId, "Please stop messaging me like that.");
  await sql`
    insert into public.reports (reporter_id, kind, target_id, reported_profile_id, reason)
    values (${other.authId}, 'profile', ${offender.profileId}, ${offender.profileId}, 'harassment')`;

  const o = await signedInPage(browser, offender, `/messages?c=${conversationId}`);
  await waitForLive(o.page);

  const m = await moderatorPage(browser);
  const report = card(m.page, offender);
  // Suspending takes a second, deliberate press, and works from the keyboard.
  await report.getByText("Suspend account…").focus();
  await m.page.keyboard.press("Enter");
  const confirm = report.getByRole("button", { name: /^Suspend @troll_/ });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(m.page);
  await shot(m.page, "moderation-suspend-confirm-desktop");
  await confirm.focus();
  await m.page.keyboard.press("Enter");
  await expect(m.page.getByRole("status")).toContainText("Account suspended.");

  const input = o.page.getByLabel("Message", { exact: true });
  const typed = "You can't stop me";
  await input.fill(typed);
  await o.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(o.page.locator("#message-hint")).toHaveText(
    /^Your account is suspended, so you can't send messages or make changes\./,
  );
  await expect(input).toHaveValue(typed);
  await expect(thread(o.page).getByText(typed)).toHaveCount(0);
  await shot(o.page, "suspended-send-refused-desktop");

  const fresh = await browser.newContext();
  const p = await fresh.newPage();
  await p.goto("/auth");
  await p.getByLabel("Email address").fill(offender.email);
  await p.getByLabel("Password", { exact: true }).fill(offender.password);
  await p.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(p.getByRole("alert").filter({ hasText: "This account is suspended." })).toBeVisible();
  await expect(p).toHaveURL(/\/auth/);
  await p.goto("/dashboard");
  await expect(p).toHaveURL(/\/auth\?next=/);
  for (const c of [o.context, m.context, fresh]) await c.close();
});

test("visitors get a 404 at /moderation", async ({ page }) => {
  const response = await page.goto("/moderation");
  expect(response?.status()).toBe(404);
});

import { devices, expect, test, type Browser } from "@playwright/test";
import postgres from "postgres";
import { expectNoAxeViolations } from "../support/axe";
import { signInWithSession } from "../support/users";
import {
  adminSql,
  makeAthlete,
  sendText,
  thread,
  waitForInbox,
  waitForLive,
  type TestAthlete,
} from "../messages/support";

// A team's chat on phones: three members chat live over the local stack's Realtime ("Seen by" follows who
// has it open), and a member the creator removes loses the chat at once. Screens go to
// TEAM_CHAT_SCREENS_DIR (default test-results/team-chat-screens).
test.describe.configure({ timeout: 180_000 });
const sql = adminSql();
test.afterAll(() => sql.end());
const dir = process.env.TEAM_CHAT_SCREENS_DIR ?? "test-results/team-chat-screens";

const pixel7 = { ...devices["Pixel 7"]! } as Partial<(typeof devices)["Pixel 7"]>;
delete pixel7.defaultBrowserType;
const narrow = { ...pixel7, viewport: { width: 360, height: 740 }, screen: { width: 360, height: 740 } };

async function phone(browser: Browser, who: TestAthlete, path: string, device = pixel7) {
  const context = await browser.newContext({ ...device, reducedMotion: "reduce" });
  const page = await context.newPage();
  await signInWithSession(page, who, path);
  return { context, page };
}

/** A team created by `creator` with `members` already accepted (as the SQL functions leave it). */
async function teamOf(db: postgres.Sql, name: string, creator: TestAthlete, members: TestAthlete[]) {
  const [team] = await db<{ id: string }[]>`
    insert into public.teams (name, description, creator_id, max_members, requirements)
    values (${name}, 'Sprint relay at the Noosa Triathlon', ${creator.authId}, 4,
            '{"roles": ["swimmer", "cyclist", "runner"], "experience_levels": ["intermediate"]}')
    returning id`;
  for (const [i, m] of [creator, ...members].entries()) {
    await db`insert into public.team_members (team_id, profile_id, role, status)
             values (${team!.id}, ${m.profileId}, ${["swimmer", "cyclist", "runner", "runner"][i]!}, 'active')`;
  }
  return team!.id;
}

test("three members chat live at Pixel 7 size; Seen by follows; list, dashboard and team page show it", async ({
  browser,
}) => {
  const cara = await makeAthlete(sql, "Cara Captain");
  const max = await makeAthlete(sql, "Max Cyclist");
  const rui = await makeAthlete(sql, "Rui Runner");
  const teamId = await teamOf(sql, `Noosa Flyers ${cara.authId.slice(0, 4)}`, cara, [max, rui]);
  const path = `/messages?team=${teamId}`;
  const a = await phone(browser, cara, path);
  const b = await phone(browser, max, path);
  const c = await phone(browser, rui, "/dashboard");
  await waitForLive(a.page);
  await waitForLive(b.page);
  await waitForInbox(c.page);
  await expect(a.page.getByRole("heading", { name: /Noosa Flyers/ })).toBeVisible();
  await expect(a.page.getByRole("region", { name: /Noosa Flyers/ }).getByText(/^3 members/)).toBeVisible();

  await sendText(a.page, "Who racks the bike on Sunday?");
  await expect(thread(b.page).getByText("Who racks the bike on Sunday?")).toHaveCount(1);
  await expect(thread(a.page).getByText("Who racks the bike on Sunday?")).toHaveCount(1);
  // Max has it open, so he reads it as it arrives; Rui is elsewhere.
  await expect(a.page.getByTestId("seen-by")).toHaveText("Seen by 1");
  // Rui's badge counts it and his dashboard lists the chat.
  await expect(c.page.getByRole("banner").getByTestId("unread-badge")).toHaveText(/^1/);
  await c.page.reload();
  const chats = c.page.getByRole("list", { name: "Team chats" });
  await expect(chats).toContainText("Cara Captain: Who racks the bike on Sunday?");
  await c.page.locator("[data-card='messages']").screenshot({ path: `${dir}/dashboard-pixel-7.png` });
  await chats.getByRole("link", { name: /team chat/ }).click();
  await expect(c.page).toHaveURL(new RegExp(`team=${teamId}`));
  await waitForLive(c.page);
  await expect(a.page.getByTestId("seen-by")).toHaveText("Seen by everyone");
  await expect(c.page.getByRole("banner").getByTestId("unread-badge")).toHaveCount(0);

  // Replies by keyboard alone: focus the composer, type, Enter sends.
  await b.page.getByLabel("Message", { exact: true }).focus();
  await b.page.keyboard.type("I will, 6 am at transition");
  await b.page.keyboard.press("Enter");
  await expect(thread(a.page).getByText("I will, 6 am at transition")).toHaveCount(1);
  await expect(thread(c.page).getByText("I will, 6 am at transition")).toHaveCount(1);
  await sendText(c.page, "Chip changes hands at the blue tent");
  for (const p of [a.page, b.page])
    await expect(thread(p).getByText("Chip changes hands at the blue tent")).toHaveCount(1);
  // Order and senders are the same on every screen; each message once.
  const texts = await thread(a.page).locator("[data-message-id] p:not(.text-xs)").allTextContents();
  expect(texts).toEqual([
    "Who racks the bike on Sunday?",
    "I will, 6 am at transition",
    "Chip changes hands at the blue tent",
  ]);
  await expect(thread(a.page).getByText("Max Cyclist", { exact: true })).toHaveCount(1);
  await expectNoAxeViolations(a.page);
  await a.page.screenshot({ path: `${dir}/chat-pixel-7.png` });

  // The messages list: the team chat at the top.
  await a.page.getByRole("link", { name: "All conversations" }).click();
  const list = a.page.getByRole("region", { name: "Conversations" });
  await expect(list.getByRole("heading", { name: "Team chats" })).toBeVisible();
  await expect(list.getByRole("link", { name: /Noosa Flyers/ })).toContainText("Rui: Chip changes hands");
  await expectNoAxeViolations(a.page);
  await a.page.screenshot({ path: `${dir}/list-pixel-7.png` });

  // At 360 px wide, and on the team page (members only), the same chat.
  const d = await phone(browser, max, path, narrow);
  await waitForLive(d.page);
  await expect(thread(d.page).getByText("Chip changes hands at the blue tent")).toBeVisible();
  const sideways = await d.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(sideways).toBe(true);
  await expectNoAxeViolations(d.page);
  await d.page.screenshot({ path: `${dir}/chat-360.png` });
  await d.page.goto(`/teams/${teamId}`);
  const card = d.page.getByRole("region", { name: "Team chat" });
  await expect(card.getByRole("log")).toContainText("Chip changes hands at the blue tent");
  await waitForLive(d.page);
  await expectNoAxeViolations(d.page);
  await card.screenshot({ path: `${dir}/team-page-360.png` });

  // The wide layout: the list with the team chat on the left, the chat beside it; and the team page's card.
  const wide = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  const w = await wide.newPage();
  await signInWithSession(w, cara, path);
  await waitForLive(w);
  await expect(
    w.getByRole("region", { name: "Conversations" }).getByRole("link", { name: /Noosa Flyers/ }),
  ).toHaveAttribute("aria-current", "page");
  await expect(w.getByTestId("seen-by")).toHaveCount(0);
  await expectNoAxeViolations(w);
  await w.screenshot({ path: `${dir}/chat-desktop.png` });
  await w.goto(`/teams/${teamId}`);
  await expect(w.getByRole("region", { name: "Team chat" }).getByRole("log")).toContainText("blue tent");
  await expectNoAxeViolations(w);
  await w.getByRole("region", { name: "Team chat" }).screenshot({ path: `${dir}/team-page-desktop.png` });
  await wide.close();
  for (const x of [a, b, c, d]) await x.context.close();
});

test("a member the creator removes loses the chat: nothing live, nothing on reload, no sending", async ({
  browser,
}) => {
  const cara = await makeAthlete(sql, "Cara Remover");
  const max = await makeAthlete(sql, "Max Removed");
  const teamId = await teamOf(sql, `Noosa Gone ${cara.authId.slice(0, 4)}`, cara, [max]);
  const path = `/messages?team=${teamId}`;
  const a = await phone(browser, cara, `/teams/${teamId}`);
  const b = await phone(browser, max, path);
  await waitForLive(b.page);
  await sendText(b.page, "Before I go: the wetsuit is in my car");
  await expect(a.page.getByRole("region", { name: "Team chat" }).getByRole("log")).toContainText("wetsuit");

  // The creator removes Max on the team page.
  await a.page.getByRole("button", { name: "Remove Max Removed" }).click();
  await expect(a.page.getByRole("list", { name: "Members" })).not.toContainText("Max Removed");

  // Max's open chat receives nothing more, and his sends are refused.
  await a.page.reload();
  await waitForLive(a.page);
  await sendText(a.page, "After Max left");
  await b.page.waitForTimeout(1500);
  await expect(thread(b.page).getByText("After Max left")).toHaveCount(0);
  await b.page.getByLabel("Message", { exact: true }).fill("Can I still write?");
  await b.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(b.page.getByText("Only the team's members can read and write in its chat")).toBeVisible();
  // On reload the chat is gone: not in the list, not openable.
  await b.page.reload();
  // (A phone shows the list then; the wide layout says so beside it.)
  await expect(b.page.getByText("That conversation doesn't exist or isn't yours.")).toBeAttached();
  await expect(b.page.getByRole("log")).toHaveCount(0);
  await expect(b.page.getByRole("heading", { name: "Team chats" })).toHaveCount(0);
  await expectNoAxeViolations(b.page);
  for (const x of [a, b]) await x.context.close();
});

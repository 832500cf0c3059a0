import { randomUUID } from "node:crypto";
import { devices, expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import type postgres from "postgres";
import { expectNoAxeViolations } from "../support/axe";
import { signInWithSession } from "../support/users";
import {
  adminSql,
  conversationBetween,
  makeAthlete,
  sendText,
  thread,
  waitForLive,
  type TestAthlete,
} from "../messages/support";

// A session date's group chat (docs/product.md#session-chat): two athletes going chat live in it, opened
// from the session page; the host sees it in /messages with its unread count; an athlete on the waitlist sees
// no chat on the page and cannot open it; the host's dashboard lists it in Messages. At Pixel 7, 360 px and desktop sizes, with axe. Screens go to
// SESSIONS_SCREENS_DIR (default test-results/sessions-screens).
test.describe.configure({ timeout: 180_000 });
const sql = adminSql();
test.afterAll(() => sql.end());
const dir = process.env.SESSIONS_SCREENS_DIR ?? "test-results/sessions-screens";

const pixel7 = { ...devices["Pixel 7"]! } as Partial<(typeof devices)["Pixel 7"]>;
delete pixel7.defaultBrowserType;
const narrow = { ...pixel7, viewport: { width: 360, height: 740 }, screen: { width: 360, height: 740 } };
const screens = { "pixel-7": pixel7, "360": narrow, desktop: { viewport: { width: 1280, height: 800 } } };

/** Runs `query` as the signed-in athlete `who` would (their claims, the authenticated role). */
function asAthlete<T extends readonly object[]>(
  who: TestAthlete,
  query: (tx: postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  return sql.begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: who.authId, role: "authenticated" })}, true)`;
    await tx`set local role authenticated`;
    return query(tx);
  }) as Promise<T>;
}

/** A one-off swim in two days with two places, posted by `host`; its date's id. */
async function postSwim(host: TestAthlete, title: string): Promise<string> {
  const [day] = await sql<
    { d: string }[]
  >`select ((now() at time zone 'Australia/Brisbane')::date + 2)::text as d`;
  const [row] = await asAthlete(
    host,
    (tx) => tx<{ occ: string }[]>`
      select public.create_training_session(${tx.json({
        title,
        sport: "open_water_swim",
        meeting_point: "noosa_main_beach",
        duration_minutes: 60,
        level: "all",
        places: 2,
        first_day: day!.d,
        local_time: "05:45",
      })}) ->> 'occurrence_id' as occ`,
  );
  return row!.occ;
}

const take = (who: TestAthlete, occ: string) =>
  asAthlete(who, (tx) => tx<{ state: string }[]>`select public.take_session_place(${occ}) as state`).then(
    (rows) => rows[0]!.state,
  );

async function open(browser: Browser, who: TestAthlete, path: string, screen: keyof typeof screens) {
  const context = await browser.newContext({ ...screens[screen], reducedMotion: "reduce" });
  const page = await context.newPage();
  await signInWithSession(page, who, path);
  return { context, page };
}

/** Text its box cuts short (an ellipsis, hidden overflow) is wider than the box. */
const notCut = async (text: Locator) =>
  expect(await text.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

/** A team `who` created (they are its member: its chat is theirs) with one message in its chat. */
async function teamWithChat(who: TestAthlete, name: string) {
  const [team] = await sql<{ id: string }[]>`
    insert into public.teams (name, description, creator_id, status, requirements)
    values (${name}, 'A relay team made by an end-to-end test.', ${who.authId}, 'open',
            ${sql.json({ roles: ["swimmer", "cyclist"], experience_levels: ["intermediate"] })})
    returning id`;
  await sql`insert into public.team_members (team_id, profile_id, role, status)
            values (${team!.id}, ${who.profileId}, 'runner', 'active')`;
  await sql`insert into public.team_chat_messages (team_id, sender_id, content)
            values (${team!.id}, ${who.profileId}, 'Bikes racked by 6')`;
}

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

for (const screen of Object.keys(screens) as (keyof typeof screens)[]) {
  test(`two athletes going chat live in the session's group chat; the waitlisted one sees none (${screen})`, async ({
    browser,
  }) => {
    const host = await makeAthlete(sql, "Hana Host");
    const ana = await makeAthlete(sql, "Ana Going");
    const ben = await makeAthlete(sql, "Ben Going");
    const wes = await makeAthlete(sql, "Wes Waiting");
    const title = `Main Beach swim ${randomUUID().slice(0, 4)}`;
    const occ = await postSwim(host, title);
    expect(await take(ana, occ)).toBe("going");
    expect(await take(ben, occ)).toBe("going");
    expect(await take(wes, occ)).toBe("waitlisted");
    // The host also has a team chat and a conversation: /messages lists every kind.
    await teamWithChat(host, `Hana's Relay ${randomUUID().slice(0, 4)}`);
    const direct = await conversationBetween(sql, host, ana);
    await sql`insert into public.messages (conversation_id, sender_id, content, created_at)
              values (${direct}, ${ana.profileId}, 'Lift to the swim?', now() - interval '65 minutes')`;

    // Ana finds the chat on the session page and opens it.
    const a = await open(browser, ana, `/sessions/${occ}`, screen);
    await expect(a.page.getByRole("heading", { name: "Group chat" })).toBeVisible();
    await expect(a.page.getByText("(3 in it)", { exact: false })).toBeVisible();
    await expectNoAxeViolations(a.page);
    await noSidewaysScroll(a.page);
    await a.page.screenshot({ path: `${dir}/session-chat-card-${screen}.png`, fullPage: true });
    await a.page.getByRole("link", { name: "Open the group chat" }).click();
    await expect(a.page).toHaveURL(new RegExp(`/messages\\?session=${occ}`));
    await expect(a.page.getByRole("heading", { name: title })).toBeVisible();
    await waitForLive(a.page);

    const b = await open(browser, ben, `/messages?session=${occ}`, screen);
    await waitForLive(b.page);
    await sendText(a.page, "Blue flag by the surf club at 5:40?");
    await expect(thread(b.page).getByText("Blue flag by the surf club at 5:40?")).toBeVisible();
    await sendText(b.page, "See you there, bright cap on");
    await expect(thread(a.page).getByText("See you there, bright cap on")).toBeVisible();
    await expect(thread(a.page).getByText("Ben Going").first()).toBeVisible();
    // Ana has it open, the host has not: Ben's message is seen by one of the other two.
    await expect(b.page.getByTestId("seen-by")).toHaveText("Seen by 1");
    await expectNoAxeViolations(a.page);
    await noSidewaysScroll(a.page);
    await a.page.screenshot({ path: `${dir}/session-chat-thread-${screen}.png` });
    await b.page.screenshot({ path: `${dir}/session-chat-thread-other-${screen}.png` });

    // The host has not opened it: /messages lists it under Session chats with both messages unread.
    const h = await open(browser, host, "/messages", screen);
    const row = h.page.getByRole("link", { name: new RegExp(title) });
    await expect(row).toContainText("2 unread");
    await expect(h.page.getByRole("heading", { name: "Session chats" })).toBeVisible();
    // Each kind's detail and time are whole, at every width (the list is 320 px wide on a desktop).
    await notCut(row.getByText(/^\w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m$/));
    await notCut(row.locator("time"));
    const teamRow = h.page.getByRole("link", { name: /Hana's Relay/ });
    await notCut(teamRow.getByText("1 member", { exact: true }));
    await notCut(teamRow.locator("time"));
    const directRow = h.page.getByRole("link", { name: /Ana Going/ });
    await expect(directRow).toContainText("about 1 hour ago");
    await notCut(directRow.getByText(/^@ana_/));
    await notCut(directRow.locator("time"));
    await expectNoAxeViolations(h.page);
    await h.page.screenshot({ path: `${dir}/session-chat-list-${screen}.png` });

    // The host's dashboard lists it in Messages as it lists team chats: name and day, unread, last message.
    await h.page.goto("/dashboard");
    const card = h.page.locator("[data-card='messages']");
    const chats = card.getByRole("list", { name: "Session chats" }).getByRole("listitem");
    await expect(chats).toHaveCount(1);
    await expect(chats).toContainText("2 unread");
    await expect(chats).toContainText("Ben Going: See you there, bright cap on");
    const link = chats.getByRole("link", { name: new RegExp(`^${title}, \\w{3} \\d{1,2} \\w{3}$`) });
    await expect(link).toHaveAttribute("href", `/messages?session=${occ}`);
    await expectNoAxeViolations(h.page);
    await noSidewaysScroll(h.page);
    await card.screenshot({ path: `${dir}/session-chat-dashboard-${screen}.png` });
    await link.click();
    await expect(h.page).toHaveURL(new RegExp(`/messages\\?session=${occ}`));
    await expect(h.page.getByRole("heading", { name: title })).toBeVisible();
    // The thread's subtitle (start, members, the link to the session's page) is whole, wrapped if need be.
    const subtitle = h.page.getByRole("heading", { name: title }).locator("xpath=following-sibling::p");
    await expect(subtitle).toContainText("3 in the chat · Session page");
    await notCut(subtitle);
    await expect(subtitle.getByRole("link", { name: "Session page" })).toBeInViewport();
    await h.page.screenshot({ path: `${dir}/session-chat-host-thread-${screen}.png` });

    // Wes is on the waitlist: no chat on the page, and the chat's address shows nothing of it.
    const w = await open(browser, wes, `/sessions/${occ}`, screen);
    await expect(w.page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(w.page.getByRole("heading", { name: "Group chat" })).toHaveCount(0);
    await w.page.goto(`/messages?session=${occ}`);
    // On a wide screen the thread's side says so; on a phone the list shows instead of a thread.
    if (screen === "desktop")
      await expect(w.page.getByText("That conversation doesn't exist or isn't yours.")).toBeVisible();
    else await expect(w.page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
    await expect(thread(w.page)).toHaveCount(0);
    await expect(w.page.getByText("Blue flag by the surf club")).toHaveCount(0);
    await expectNoAxeViolations(w.page);
    await w.page.screenshot({ path: `${dir}/session-chat-waitlisted-${screen}.png`, fullPage: true });

    for (const c of [a, b, h, w]) await c.context.close();
  });
}

import { expect, test } from "@playwright/test";
import { adminSql, conversationBetween, makeAthlete, signedInPage } from "./support";

test.describe.configure({ timeout: 180_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

test("a green 'Online now' dot shows who has the app open, and goes when they leave", async ({ browser }) => {
  const alice = await makeAthlete(sql, "Alice Present");
  const bob = await makeAthlete(sql, "Bob Watching");
  await conversationBetween(sql, alice, bob);
  const b = await signedInPage(browser, bob, "/messages");
  const aliceRow = b.page.getByRole("link", { name: /Alice Present/ });
  await expect(aliceRow).toBeVisible();
  await expect(aliceRow.getByText("Online now")).toHaveCount(0);
  // Alice opens the app on any signed-in page.
  const a = await signedInPage(browser, alice, "/profile");
  await expect(aliceRow.getByText("Online now")).toBeAttached();
  await a.context.close();
  await expect(aliceRow.getByText("Online now")).toHaveCount(0);
  await b.context.close();
});

test("an athlete with a private profile never shows as online to others, even in a conversation", async ({
  browser,
}) => {
  const hidden = await makeAthlete(sql, "Hidden Harriet");
  const watcher = await makeAthlete(sql, "Wendy Watching");
  const shown = await makeAthlete(sql, "Sam Shown");
  await sql`update public.profiles set is_public = false where id = ${hidden.profileId}`;
  await conversationBetween(sql, hidden, watcher);
  await conversationBetween(sql, shown, watcher);
  const w = await signedInPage(browser, watcher, "/messages");
  const hiddenRow = w.page.getByRole("link", { name: /Hidden Harriet/ });
  const shownRow = w.page.getByRole("link", { name: /Sam Shown/ });
  await expect(hiddenRow).toBeVisible();
  const h = await signedInPage(browser, hidden, "/profile");
  const s = await signedInPage(browser, shown, "/profile");
  // The public athlete who came online after Harriet shows; Harriet, online all along, does not.
  await expect(shownRow.getByText("Online now")).toBeAttached();
  await expect(hiddenRow.getByText("Online now")).toHaveCount(0);
  for (const c of [h.context, s.context, w.context]) await c.close();
});

test("a blocked pair never sees each other online, and a suspended athlete is online to nobody", async ({
  browser,
}) => {
  const blocker = await makeAthlete(sql, "Bea Blocker");
  const blocked = await makeAthlete(sql, "Ben Blocked");
  const suspended = await makeAthlete(sql, "Sid Suspended");
  const shown = await makeAthlete(sql, "Sal Shown");
  for (const other of [blocked, suspended, shown]) await conversationBetween(sql, blocker, other);
  await sql`insert into public.blocks (blocker_id, blocked_id) values (${blocker.profileId}, ${blocked.profileId})`;
  await sql`insert into private.suspended_accounts (user_id) values (${suspended.authId})`;

  const w = await signedInPage(browser, blocker, "/messages");
  const row = (name: RegExp) => w.page.getByRole("link", { name });
  await expect(row(/Ben Blocked/)).toBeVisible();
  const others = [
    await signedInPage(browser, blocked, "/profile"),
    await signedInPage(browser, suspended, "/profile"),
    await signedInPage(browser, shown, "/profile"),
  ];
  // Sal, who came online last, shows; Ben and Sid, online before him, do not.
  await expect(row(/Sal Shown/).getByText("Online now")).toBeAttached();
  await expect(row(/Ben Blocked/).getByText("Online now")).toHaveCount(0);
  await expect(row(/Sid Suspended/).getByText("Online now")).toHaveCount(0);
  const dir = process.env.MESSAGES_SCREENS_DIR ?? "test-results/messages-screens";
  for (const [name, size] of [
    ["desktop", { width: 1280, height: 900 }],
    ["pixel7", { width: 412, height: 915 }],
    ["360", { width: 360, height: 780 }],
  ] as const) {
    await w.page.setViewportSize(size);
    await w.page.screenshot({ path: `${dir}/presence-blocked-suspended-${name}.png`, fullPage: true });
  }
  // The other way: Ben does not see Bea online either.
  const inbox = others[0]!.page;
  await inbox.goto("/messages");
  const bea = inbox.getByRole("link", { name: /Bea Blocker/ });
  await expect(bea).toBeVisible();
  await expect(inbox.getByRole("link", { name: /Bea Blocker/ }).getByText("Online now")).toHaveCount(0);
  for (const c of [w.context, ...others.map((o) => o.context)]) await c.close();
});

import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import {
  adminSql,
  conversationBetween,
  makeAthlete,
  sendText,
  signedInPage,
  thread,
  waitForLive,
} from "./support";

// Two people in two browser contexts talking over the local stack's Realtime.
test.describe.configure({ timeout: 90_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

test("messages arrive live both ways, once each, in order, and read state follows", async ({ browser }) => {
  const alice = await makeAthlete(sql, "Alice Live");
  const bob = await makeAthlete(sql, "Bob Live");
  const id = await conversationBetween(sql, alice, bob);
  const a = await signedInPage(browser, alice, `/messages?c=${id}`);
  const b = await signedInPage(browser, bob, `/messages?c=${id}`);
  await expect(a.page.getByText("No messages yet. Start the conversation!")).toBeVisible();
  await waitForLive(a.page);
  await waitForLive(b.page);

  await sendText(a.page, "  Hi Bob, <b>swim</b> leg sorted?  ");
  await expect(a.page.getByLabel("Message", { exact: true })).toHaveValue("");
  await expect(thread(b.page).getByText("Hi Bob, <b>swim</b> leg sorted?")).toHaveCount(1);
  await sendText(b.page, "Yes! See you Saturday.");
  await expect(thread(a.page).getByText("Yes! See you Saturday.")).toHaveCount(1);
  // The sender's own copy and its Realtime echo are one message.
  await expect(thread(a.page).getByText("Hi Bob, <b>swim</b> leg sorted?")).toHaveCount(1);
  await expect(thread(b.page).getByText("Yes! See you Saturday.")).toHaveCount(1);
  // Bob has the thread open, so Alice's message is read as it arrives; Alice sees it.
  await sendText(a.page, "Great, 6 am then");
  await expect(a.page.getByTestId("read-state")).toHaveText("Seen");
  const texts = await thread(b.page).locator("[data-message-id] p:first-child").allTextContents();
  expect(texts).toEqual(["Hi Bob, <b>swim</b> leg sorted?", "Yes! See you Saturday.", "Great, 6 am then"]);
  // The list on the left follows: newest text in Alice's row on Bob's page.
  await expect(b.page.getByRole("link", { name: /Alice Live/ })).toContainText("Great, 6 am then");
  await a.context.close();
  await b.context.close();
});

test("the top-bar badge counts unread messages live and a toast shows them on other pages", async ({
  browser,
}) => {
  const alice = await makeAthlete(sql, "Alice Badge");
  const bob = await makeAthlete(sql, "Bob Badge");
  const id = await conversationBetween(sql, alice, bob);
  const a = await signedInPage(browser, alice, `/messages?c=${id}`);
  const b = await signedInPage(browser, bob, "/profile");
  const badge = b.page.getByRole("banner").getByTestId("unread-badge");
  await expect(b.page.getByRole("banner").getByRole("link", { name: "Messages" })).toBeVisible();
  await expect(badge).toHaveCount(0);
  await waitForLive(a.page);
  // Let Bob's inbox join before the first message (it catches up on rejoin either way).
  await b.page.waitForTimeout(500);
  await sendText(a.page, "Are you free for a brick session?");
  await expect(badge).toHaveText(/^1/);
  await expect(b.page.getByText("New message: Are you free for a brick session?")).toBeVisible();
  await sendText(a.page, "Tomorrow 5 pm?");
  await expect(badge).toHaveText(/^2/);
  await b.page
    .getByRole("banner")
    .getByRole("link", { name: /Messages/ })
    .click();
  await b.page.getByRole("link", { name: /Alice Badge/ }).click();
  await expect(thread(b.page).getByText("Tomorrow 5 pm?")).toBeVisible();
  await expect(badge).toHaveCount(0);
  await expect(a.page.getByTestId("read-state")).toHaveText("Seen");
  await a.context.close();
  await b.context.close();
});

test("a thread catches up after its connection drops: nothing lost, nothing twice", async ({ browser }) => {
  const alice = await makeAthlete(sql, "Alice Offline");
  const bob = await makeAthlete(sql, "Bob Offline");
  const id = await conversationBetween(sql, alice, bob);
  const a = await signedInPage(browser, alice, `/messages?c=${id}`);
  const b = await signedInPage(browser, bob, `/messages?c=${id}`);
  await waitForLive(b.page);
  await b.context.setOffline(true);
  await sendText(a.page, "Sent while you were offline (1)");
  await sendText(a.page, "Sent while you were offline (2)");
  await expect(thread(a.page).getByText("Sent while you were offline (2)")).toBeVisible();
  await b.page.waitForTimeout(1000);
  await expect(thread(b.page).getByText(/Sent while you were offline/)).toHaveCount(0);
  await b.context.setOffline(false);
  await expect(thread(b.page).getByText("Sent while you were offline (1)")).toHaveCount(1);
  await expect(thread(b.page).getByText("Sent while you were offline (2)")).toHaveCount(1);
  await sendText(a.page, "And one after");
  await expect(thread(b.page).getByText("And one after")).toHaveCount(1);
  await expect(thread(b.page).getByText(/Sent while you were offline/)).toHaveCount(2);
  await a.context.close();
  await b.context.close();
});

test("/messages passes axe with a thread open and with the empty states", async ({ browser }) => {
  const alice = await makeAthlete(sql, "Alice Axe");
  const bob = await makeAthlete(sql, "Bob Axe");
  const a = await signedInPage(browser, alice, "/messages");
  await expect(a.page.getByText("No conversations yet.")).toBeVisible();
  await expect(a.page.getByText("Start connecting with athletes!")).toBeVisible();
  await expect(a.page.getByText("Select a conversation to start messaging")).toBeVisible();
  await expectNoAxeViolations(a.page);
  const id = await conversationBetween(sql, alice, bob);
  await sql`insert into public.messages (conversation_id, sender_id, content) values (${id}, ${bob.profileId}, 'Hello there')`;
  await a.page.goto(`/messages?c=${id}`);
  await expect(thread(a.page).getByText("Hello there")).toBeVisible();
  await expectNoAxeViolations(a.page);
  // Keyboard: the composer is reachable and Enter sends.
  await a.page.getByLabel("Message", { exact: true }).focus();
  await a.page.keyboard.type("Typed and sent with Enter");
  await a.page.keyboard.press("Enter");
  await expect(thread(a.page).getByText("Typed and sent with Enter")).toBeVisible();
  await a.context.close();
});

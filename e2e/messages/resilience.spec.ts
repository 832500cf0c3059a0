import { expect, test, type Page } from "@playwright/test";
import { dropRealtimeSockets, restartPostgres } from "@noosa-tri/supabase-local/test-support";
import {
  adminSql,
  conversationBetween,
  makeAthlete,
  sendText,
  signedInPage,
  thread,
  waitForInbox,
  waitForLive,
} from "./support";

// Faults under a live conversation: the database restarts, or every Realtime socket drops at once.
test.describe.configure({ timeout: 180_000 });
let sql = adminSql();
test.afterAll(() => sql.end());

const textsOf = (page: Page) => thread(page).locator("[data-message-id] p:first-child").allTextContents();

async function storedTexts(conversationId: string) {
  const rows = await sql<{ content: string }[]>`
    select content from public.messages where conversation_id = ${conversationId} order by created_at, id`;
  return rows.map((r) => r.content);
}

test("Postgres restarts mid-conversation: both threads recover by themselves, nothing lost or twice", async ({
  browser,
}) => {
  const alice = await makeAthlete(sql, "Alice Restart");
  const bob = await makeAthlete(sql, "Bob Restart");
  const id = await conversationBetween(sql, alice, bob);
  const a = await signedInPage(browser, alice, `/messages?c=${id}`);
  const b = await signedInPage(browser, bob, `/messages?c=${id}`);
  await waitForLive(a.page);
  await waitForLive(b.page);
  await sendText(a.page, "Before: Alice");
  await sendText(b.page, "Before: Bob");
  await expect(thread(a.page).getByText("Before: Bob")).toHaveCount(1);

  await restartPostgres(1500);
  const back = Date.now();
  await sql.end({ timeout: 1 }).catch(() => {});
  sql = adminSql();
  // Committed the moment the database is back, while the Realtime stand-in is still reconnecting.
  await sql`insert into public.messages (conversation_id, sender_id, content)
            values (${id}, ${bob.profileId}, 'As the database came back')`;
  for (const page of [a.page, b.page]) {
    await expect(thread(page).getByText("As the database came back")).toHaveCount(1, { timeout: 5000 });
  }
  expect(Date.now() - back).toBeLessThan(5000);
  // Both sides keep talking, without a reload; every message once, in stored order, on both screens.
  await Promise.all([sendText(a.page, "After: Alice 1"), sendText(b.page, "After: Bob 1")]);
  await sendText(b.page, "After: Bob 2");
  await sendText(a.page, "After: Alice 2");
  const stored = await storedTexts(id);
  expect(stored).toHaveLength(7);
  await expect.poll(() => textsOf(a.page), { timeout: 5000 }).toEqual(stored);
  await expect.poll(() => textsOf(b.page), { timeout: 5000 }).toEqual(stored);
  // Still live afterwards, without a reload.
  await sendText(b.page, "Still here");
  await expect(thread(a.page).getByText("Still here")).toHaveCount(1);
  await a.context.close();
  await b.context.close();
});

test("the Realtime server drops every socket: the open thread and the list fetch what they missed", async ({
  browser,
}) => {
  const alice = await makeAthlete(sql, "Alice Drop");
  const bob = await makeAthlete(sql, "Bob Drop");
  const carol = await makeAthlete(sql, "Carol Drop");
  const withAlice = await conversationBetween(sql, alice, bob);
  const withCarol = await conversationBetween(sql, carol, bob);
  const b = await signedInPage(browser, bob, `/messages?c=${withAlice}`);
  await waitForLive(b.page);
  await waitForInbox(b.page);

  const { dropped } = await dropRealtimeSockets();
  expect(dropped).toBeGreaterThan(0);
  // Committed while Bob's sockets are down (realtime-js waits a second before reconnecting).
  await sql`
    insert into public.messages (conversation_id, sender_id, content)
    values (${withAlice}, ${alice.profileId}, 'Missed in the open thread'),
           (${withCarol}, ${carol.profileId}, 'Missed in another conversation')`;
  await expect(thread(b.page).getByText("Missed in the open thread")).toHaveCount(1, { timeout: 8000 });
  await expect(b.page.getByRole("link", { name: /Carol Drop/ })).toContainText(
    "Missed in another conversation",
    { timeout: 8000 },
  );
  // And live again: a message after the reconnect arrives once.
  await waitForLive(b.page);
  await sql`insert into public.messages (conversation_id, sender_id, content)
            values (${withAlice}, ${alice.profileId}, 'After the reconnect')`;
  await expect(thread(b.page).getByText("After the reconnect")).toHaveCount(1);
  await expect(thread(b.page).getByText("Missed in the open thread")).toHaveCount(1);
  await b.context.close();
});

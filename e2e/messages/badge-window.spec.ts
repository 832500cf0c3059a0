import { expect, test, type Route } from "@playwright/test";
import { signInThroughUI } from "../support/users";
import { adminSql, conversationBetween, makeAthlete, waitForInbox } from "./support";

// The window behind "the badge on /dashboard stayed at 0 after a new message" (docs/performance.md#faults): a count read
// that was answered before a message was stored came back after a newer read, because a navigation
// pre-empted it in Next's router queue and the newer read ran meanwhile. The stale answer must lose.
test.describe.configure({ timeout: 120_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

test("a stale unread count answered after a newer one never hides a message, across a navigation", async ({
  browser,
}) => {
  const alice = await makeAthlete(sql, "Alice Window");
  const bob = await makeAthlete(sql, "Bob Window");
  const id = await conversationBetween(sql, alice, bob);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughUI(page, bob, "/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await waitForInbox(page);
  await page.waitForLoadState("networkidle");
  const badge = page.getByRole("banner").getByTestId("unread-badge");

  // Hold the answer of the next count read (it counts one message) without delaying the server's read.
  let holdNext = true;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let heldAnswered = false;
  await page.route("**/*", async (route: Route) => {
    const request = route.request();
    if (request.method() !== "POST" || !request.headers()["next-action"] || !holdNext)
      return route.continue();
    holdNext = false;
    const response = await route.fetch();
    heldAnswered = true;
    await released;
    await route.fulfill({ response });
  });
  await sql`insert into public.messages (conversation_id, sender_id, content) values (${id}, ${alice.profileId}, 'First')`;
  await expect.poll(() => heldAnswered).toBe(true);
  // A second message, and a navigation while the first count's answer is still on its way.
  await sql`insert into public.messages (conversation_id, sender_id, content) values (${id}, ${alice.profileId}, 'Second')`;
  await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(badge).toHaveText(/^2/);
  // The stale answer (1) arrives last: the badge keeps the newer count.
  release();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  await expect(badge).toHaveText(/^2/);
  await context.close();
});

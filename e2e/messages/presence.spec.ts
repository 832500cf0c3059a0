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

import { expect, test } from "@playwright/test";
import { adminSql, conversationBetween, makeAthlete, signedInPage } from "./support";

test.describe.configure({ timeout: 90_000 });
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

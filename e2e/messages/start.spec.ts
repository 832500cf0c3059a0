import { expect, test } from "@playwright/test";
import { adminSql, makeAthlete, signedInPage, thread } from "./support";

test.describe.configure({ timeout: 180_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

test("Send Message on a public profile opens the conversation, the same one each time", async ({
  browser,
}) => {
  const alice = await makeAthlete(sql, "Alice Starter");
  const bob = await makeAthlete(sql, "Bob Target");
  const a = await signedInPage(browser, alice, `/profile/${bob.profileId}`);
  const button = a.page.getByRole("button", { name: "Send Message" });
  await button.click();
  await expect(a.page.getByText("Conversation started!")).toBeVisible();
  await expect(a.page).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
  const first = new URL(a.page.url()).searchParams.get("c");
  await expect(a.page.getByRole("heading", { level: 2, name: "Bob Target" })).toBeVisible();
  await expect(thread(a.page).getByText("No messages yet. Start the conversation!")).toBeVisible();
  await a.page.goto(`/profile/${bob.profileId}`);
  await a.page.getByRole("button", { name: "Send Message" }).click();
  await expect(a.page).toHaveURL(new RegExp(`c=${first}$`));
  await a.context.close();
});

test("a visitor is sent to /auth, an account without a profile to /create-profile", async ({
  page,
  browser,
}) => {
  const bob = await makeAthlete(sql, "Bob Visited");
  await page.goto(`/profile/${bob.profileId}`);
  await page.getByRole("button", { name: "Send Message" }).click();
  // Remembered as where to go next (docs/product.md#auth): sign-up, then the confirm step of this conversation.
  await expect(page).toHaveURL(
    `/auth?view=sign_up&next=${encodeURIComponent(`/messages/start/${bob.profileId}`)}`,
  );

  const noProfile = await makeAthlete(sql, "No Profile", { profile: false });
  const c = await signedInPage(browser, noProfile, `/profile/${bob.profileId}`);
  await c.page.getByRole("button", { name: "Send Message" }).click();
  await expect(c.page.getByText("Please create your profile first to send messages")).toBeVisible();
  await expect(c.page).toHaveURL(
    `/create-profile?next=${encodeURIComponent(`/messages/start/${bob.profileId}`)}`,
  );
  await c.context.close();
});

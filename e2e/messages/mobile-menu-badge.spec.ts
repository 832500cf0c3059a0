import { expect, test } from "@playwright/test";
import { signInWithSession } from "../support/users";
import { adminSql, conversationBetween, makeAthlete, waitForInbox } from "./support";

test.describe.configure({ timeout: 120_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

test("on a phone the menu button carries the unread count, in its accessible name too", async ({
  browser,
}) => {
  const alice = await makeAthlete(sql, "Alice Phone");
  const bob = await makeAthlete(sql, "Bob Phone");
  const id = await conversationBetween(sql, alice, bob);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await signInWithSession(page, bob, "/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await waitForInbox(page);
  const menu = page.getByRole("banner").getByRole("button", { name: /^Menu/ });
  await expect(menu).toHaveAccessibleName("Menu");
  await sql`insert into public.messages (conversation_id, sender_id, content)
            values (${id}, ${alice.profileId}, 'One'), (${id}, ${alice.profileId}, 'Two')`;
  await expect(menu).toHaveAccessibleName("Menu 2 unread messages");
  await expect(menu.getByTestId("menu-unread-badge")).toBeVisible();
  await page.screenshot({ path: "/tmp/shots-resilience/mobile-menu-badge.png" });
  await menu.click();
  await expect(page.getByRole("banner").getByTestId("unread-badge")).toHaveText(/^2/);
  await page.screenshot({ path: "/tmp/shots-resilience/mobile-menu-open.png" });
  await page
    .getByRole("banner")
    .getByRole("link", { name: /Messages/ })
    .click();
  await page.getByRole("link", { name: /Alice Phone/ }).click();
  await expect(page.getByRole("log").getByText("Two")).toBeVisible();
  await expect(menu).toHaveAccessibleName("Menu");
  await context.close();
});

test("signed out, the menu button has no count and no messaging code loads", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await page.goto("/");
  const menu = page.getByRole("banner").getByRole("button", { name: /^Menu/ });
  await menu.click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(menu).toHaveAccessibleName("Menu");
  await expect(page.getByTestId("menu-unread-badge")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  const bodies = await Promise.all(
    scripts.map((url) =>
      context.request.get(url).then(
        (r) => r.text(),
        () => "",
      ),
    ),
  );
  // supabase-js's Realtime client: present only once the signed-in inbox loads.
  expect(bodies.some((text) => text.includes("realtime/v1"))).toBe(false);
  await context.close();
});

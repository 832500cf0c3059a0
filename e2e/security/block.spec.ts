import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import {
  adminSql,
  conversationBetween,
  makeAthlete,
  signedInPage,
  thread,
  waitForLive,
} from "../messages/support";

// docs/security.md#blocks: from a profile, the blocked athlete can no longer message ("You can't message this
// athlete", text kept) nor see the blocker on browse; Settings → Blocked athletes lists them, with Unblock.
test.describe.configure({ timeout: 180_000 });
const sql = adminSql();
test.afterAll(() => sql.end());
const dir = process.env.SAFETY_SCREENS_DIR ?? "test-results/safety-screens";
const shot = (page: Page, name: string) => page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });

test("block from a profile, refused message, hidden on browse, unblock in settings", async ({ browser }) => {
  const alice = await makeAthlete(sql, "Alice Blocker");
  const bob = await makeAthlete(sql, "Bob Pest");
  const id = await conversationBetween(sql, alice, bob);

  const a = await signedInPage(browser, alice, `/profile/${bob.profileId}`);
  await a.page.getByRole("button", { name: "Block", exact: true }).click();
  await expect(a.page.getByRole("group", { name: "Block Bob Pest?" })).toBeVisible();
  await shot(a.page, "block-confirm-desktop");
  await a.page.getByRole("button", { name: "Block Bob Pest" }).click();
  await expect(a.page.getByText("You blocked Bob Pest.")).toBeVisible();

  const b = await signedInPage(browser, bob, `/messages?c=${id}`);
  await waitForLive(b.page);
  const input = b.page.getByLabel("Message", { exact: true });
  await input.fill("Why won't you answer?");
  await b.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(b.page.getByRole("status").filter({ hasText: "message this athlete" })).toHaveText(
    "You can't message this athlete",
  );
  await expect(input).toHaveValue("Why won't you answer?");
  await expect(thread(b.page).getByText("Why won't you answer?")).toHaveCount(0);
  await b.page.goto("/browse");
  await expect(b.page.getByRole("heading", { name: "Available Athletes" })).toBeVisible();
  await expect(b.page.getByText("Alice Blocker")).toHaveCount(0);

  await a.page.goto("/settings");
  const section = a.page.getByRole("region", { name: "Blocked athletes" });
  await expect(section.getByText("Bob Pest")).toBeVisible();
  await expectNoAxeViolations(a.page);
  await section.scrollIntoViewIfNeeded();
  await shot(a.page, "settings-blocked-desktop");
  await a.page.setViewportSize({ width: 390, height: 844 });
  await shot(a.page, "settings-blocked-mobile");
  // By keyboard.
  await section.getByRole("button", { name: "Unblock Bob Pest" }).focus();
  await a.page.keyboard.press("Enter");
  await expect(section.getByText("You have not blocked anyone.")).toBeVisible();

  await b.page.goto(`/messages?c=${id}`);
  await waitForLive(b.page);
  await b.page.getByLabel("Message", { exact: true }).fill("Thanks for unblocking");
  await b.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(thread(b.page).getByText("Thanks for unblocking")).toHaveCount(1);
  await a.context.close();
  await b.context.close();
});

test("block from a conversation: the blocker's own composer says so too", async ({ browser }) => {
  const carol = await makeAthlete(sql, "Carol Calm");
  const dave = await makeAthlete(sql, "Dave Loud");
  const id = await conversationBetween(sql, carol, dave);
  const c = await signedInPage(browser, carol, `/messages?c=${id}`);
  await waitForLive(c.page);
  await c.page.getByRole("button", { name: "Options for the conversation with Dave Loud" }).click();
  await c.page.getByRole("menuitem", { name: "Block Dave Loud" }).click();
  await expect(c.page.getByRole("button", { name: "Block Dave Loud" })).toBeFocused();
  await c.page.getByRole("button", { name: "Block Dave Loud" }).click();
  await expect(c.page.getByText("You blocked Dave Loud.")).toBeVisible();
  await expectNoAxeViolations(c.page);
  await shot(c.page, "block-conversation-desktop");
  await c.page.setViewportSize({ width: 390, height: 844 });
  await shot(c.page, "block-conversation-mobile");
  await c.page.getByLabel("Message", { exact: true }).fill("Bye");
  await c.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(c.page.getByRole("status").filter({ hasText: "message this athlete" })).toBeVisible();
  await c.context.close();
});

import { expect, test, type Page } from "@playwright/test";
import { settleTransitions } from "../support/axe";
import { DEMO_PASSWORD } from "../support/users";
import { adminSql, makeAthlete, sendText, signedInPage, thread, waitForInbox, waitForLive } from "./support";

// Screens of /messages at desktop and phone width, for people to look at (MESSAGES_SCREENS_DIR, default
// test-results/messages-screens). Mia (demo 1) has two seeded conversations; Jack (demo 2) writes to her live.
test.describe.configure({ timeout: 150_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

const viewports = { desktop: { width: 1280, height: 1000 }, mobile: { width: 390, height: 844 } };
const dir = process.env.MESSAGES_SCREENS_DIR ?? "test-results/messages-screens";
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `${dir}/${name}.png`, fullPage });
const demo = (name: string) => ({ email: `${name}@example.com`, password: DEMO_PASSWORD });
const withJack = "c0000000-0000-4000-8000-000000000001";

for (const [label, viewport] of Object.entries(viewports)) {
  test(`messages screens at ${label} width`, async ({ browser }) => {
    const mia = await signedInPage(
      browser,
      { ...demo("mia"), authId: "", profileId: "", name: "Mia" },
      "/messages",
    );
    await mia.page.setViewportSize(viewport);
    await expect(mia.page.getByRole("link", { name: /Jack Nguyen/ })).toBeVisible();
    await shot(mia.page, `list-${label}`);
    await mia.page.goto(`/messages?c=${withJack}`);
    await waitForLive(mia.page);
    const jack = await signedInPage(
      browser,
      { ...demo("jack"), authId: "", profileId: "", name: "Jack" },
      `/messages?c=${withJack}`,
    );
    await waitForLive(jack.page);
    await sendText(jack.page, `Olivia's in! Swim, ride, run: we're a team (${label}).`);
    await expect(thread(mia.page).getByText(`we're a team (${label})`)).toBeVisible();
    await shot(mia.page, `thread-${label}`);
    await mia.page.goto("/profile");
    await waitForInbox(mia.page);
    await sendText(jack.page, "Training ride Saturday 6 am from Noosaville?");
    await expect(mia.page.getByText("New message: Training ride Saturday")).toBeVisible();
    await settleTransitions(mia.page);
    await shot(mia.page, `toast-and-badge-${label}`, false);
    await mia.context.close();
    await jack.context.close();
  });
}

test("empty states and the profile button", async ({ browser }) => {
  const fresh = await makeAthlete(sql, "Fresh Athlete");
  const a = await signedInPage(browser, fresh, "/messages");
  await expect(a.page.getByText("No conversations yet.")).toBeVisible();
  await shot(a.page, "empty-desktop");
  await a.page.goto("/profile/e0000000-0000-4000-8000-000000000003");
  await shot(a.page, "profile-button-desktop", false);
  await a.page.getByRole("button", { name: "Send Message" }).click();
  await expect(a.page).toHaveURL(/\/messages\?c=/);
  await expect(thread(a.page).getByText("No messages yet. Start the conversation!")).toBeVisible();
  await shot(a.page, "new-conversation-desktop");
  await a.page.setViewportSize(viewports.mobile);
  await shot(a.page, "new-conversation-mobile");
  await a.context.close();
});

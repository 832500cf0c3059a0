import { expect, test, type Page } from "@playwright/test";
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

// docs/security.md#rate-limits: a sender over the limit (5 in 10 s, in SQL) is told how long to wait, and what they
// typed stays in the box. Screens for people to look at: SAFETY_SCREENS_DIR (default test-results/safety-screens).
test.describe.configure({ timeout: 120_000 });
const sql = adminSql();
test.afterAll(() => sql.end());
const dir = process.env.SAFETY_SCREENS_DIR ?? "test-results/safety-screens";
const shot = (page: Page, name: string) => page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });

test("a message over 5 in 10 s is refused with the wait, and the typed text is kept", async ({ browser }) => {
  const alice = await makeAthlete(sql, "Alice Quickfingers");
  const bob = await makeAthlete(sql, "Bob Patient");
  const id = await conversationBetween(sql, alice, bob);
  const a = await signedInPage(browser, alice, `/messages?c=${id}`);
  await waitForLive(a.page);
  await sendText(a.page, "Quick one 1");
  // Five more "just now", so the limit (5 in 10 s) is reached however slowly this machine clicks.
  await sql`insert into public.messages (conversation_id, sender_id, content)
    select ${id}, ${alice.profileId}, 'Quick one ' || i from generate_series(2, 6) i`;

  const input = a.page.getByLabel("Message", { exact: true });
  const typed = "One more: are you in for the swim leg?";
  await input.fill(typed);
  await a.page.getByRole("button", { name: "Send", exact: true }).click();
  const hint = a.page.getByRole("status").filter({ hasText: "too fast" });
  await expect(hint).toHaveText(/^You're sending messages too fast, try again in \d+ seconds?$/);
  await expect(input).toHaveValue(typed);
  await expect(input).toHaveAttribute("aria-describedby", "message-hint");
  await expect(thread(a.page).getByText(typed)).toHaveCount(0);
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from public.messages where sender_id = ${alice.profileId}`;
  expect(row?.n).toBe(6);
  await expectNoAxeViolations(a.page);
  await shot(a.page, "message-too-fast-desktop");
  await a.page.setViewportSize({ width: 390, height: 844 });
  await shot(a.page, "message-too-fast-mobile");

  // Once the window has passed (aged here rather than waited for), the same text goes with Send.
  await sql`update public.messages set created_at = created_at - interval '11 seconds'
    where sender_id = ${alice.profileId}`;
  await a.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(input).toHaveValue("");
  await expect(thread(a.page).getByText(typed)).toHaveCount(1);
  await expect(hint).toHaveCount(0);
  await a.context.close();
});

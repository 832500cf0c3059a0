import { devices, expect, test, type Browser } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { signInWithSession } from "../support/users";
import { adminSql, makeAthlete, sendText, thread, waitForLive, type TestAthlete } from "../messages/support";

// docs/product.md#team-chat: under one's latest message "Seen by N" while some of the other members have
// read it, "Seen by everyone" once all of them have: in a team of two, the one other member reading it is
// everyone. At Pixel 7 size and on a wide screen.
test.describe.configure({ timeout: 120_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

const pixel7 = { ...devices["Pixel 7"]! } as Partial<(typeof devices)["Pixel 7"]>;
delete pixel7.defaultBrowserType;
const screens = { "pixel-7": pixel7, desktop: { viewport: { width: 1280, height: 720 } } };

async function open(browser: Browser, who: TestAthlete, path: string, screen: keyof typeof screens) {
  const context = await browser.newContext({ ...screens[screen], reducedMotion: "reduce" });
  const page = await context.newPage();
  await signInWithSession(page, who, path);
  return { context, page };
}

for (const screen of Object.keys(screens) as (keyof typeof screens)[]) {
  test(`a team of two (${screen}): Sent, then Seen by everyone once the other member reads it`, async ({
    browser,
  }) => {
    const cara = await makeAthlete(sql, "Cara Captain");
    const max = await makeAthlete(sql, "Max Cyclist");
    const [team] = await sql<{ id: string }[]>`
      insert into public.teams (name, description, creator_id, max_members, requirements)
      values (${`Duo ${cara.authId.slice(0, 4)}`}, 'Sprint relay at the Noosa Triathlon', ${cara.authId}, 4,
              '{"roles": ["swimmer", "cyclist"], "experience_levels": ["intermediate"]}')
      returning id`;
    for (const [m, role] of [
      [cara, "swimmer"],
      [max, "cyclist"],
    ] as const)
      await sql`insert into public.team_members (team_id, profile_id, role, status)
                values (${team!.id}, ${m.profileId}, ${role}, 'active')`;
    const path = `/messages?team=${team!.id}`;

    const a = await open(browser, cara, path, screen);
    await waitForLive(a.page);
    await sendText(a.page, "Transition at 6 am?");
    await expect(a.page.getByTestId("seen-by")).toHaveText("Sent");

    const b = await open(browser, max, path, screen);
    await waitForLive(b.page);
    await expect(thread(b.page).getByText("Transition at 6 am?")).toBeVisible();
    await expect(a.page.getByTestId("seen-by")).toHaveText("Seen by everyone");
    await expectNoAxeViolations(a.page);
    await a.context.close();
    await b.context.close();
  });
}

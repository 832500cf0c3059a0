import { expect, test } from "@playwright/test";
import { adminSql, makeAthlete, signedInPage, thread } from "./support";

test.describe.configure({ timeout: 180_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

test("a join request from the team page lands in both threads, and its profile link opens the requester's profile", async ({
  browser,
}) => {
  const creator = await makeAthlete(sql, "Cara Creator");
  const requester = await makeAthlete(sql, "Reggie Requester");
  const [team] = await sql<{ id: string }[]>`
    insert into public.teams (name, description, creator_id, requirements)
    values ('Link Test Relay', 'A team for checking the join request message.', ${creator.authId},
            '{"roles": ["runner"], "experience_levels": ["beginner"]}')
    returning id`;

  // From the team's own page (a shared link); the cards on /teams are covered in e2e/teams.
  const r = await signedInPage(browser, requester, `/teams/${team!.id}`);
  await r.page.getByLabel("Join as").selectOption("runner");
  await r.page.getByRole("button", { name: "Request to Join Team" }).click();
  await expect(r.page.getByText("Your request has been sent!")).toBeVisible();
  await expect(r.page).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
  await expect(thread(r.page).getByText(/join "Link Test Relay" as the runner/)).toBeVisible();
  await r.context.close();

  const c = await signedInPage(browser, creator, "/messages");
  await c.page
    .getByRole("link", { name: /Reggie Requester/ })
    .first()
    .click();
  // A named link, as a person would write it; the raw path is not shown.
  const link = thread(c.page).getByRole("link", { name: "View Reggie's profile" });
  await expect(link).toBeVisible();
  await expect(thread(c.page).getByText(`/profile/${requester.profileId}`)).toHaveCount(0);
  await link.click();
  await expect(c.page).toHaveURL(new RegExp(`/profile/${requester.profileId}$`));
  await expect(c.page.getByRole("heading", { level: 1, name: "Reggie Requester" })).toBeVisible();
  await c.context.close();
});

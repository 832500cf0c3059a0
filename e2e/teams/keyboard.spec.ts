import { expect, test, type Locator, type Page } from "@playwright/test";
import { createAthlete, db, signIn } from "./team-support";

/** Presses Tab until `target` has focus (fails if it is not reachable), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, maxPresses = 80) {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`could not reach ${target} with Tab`);
}

test("a team can be created with the keyboard alone", async ({ page }) => {
  test.setTimeout(120_000);
  const me = await createAthlete("runner", "keys");
  await signIn(page, me, "/teams/create");
  const main = page.getByRole("main");
  await tabTo(page, main.getByLabel("Team name"));
  await page.keyboard.type("Keyboard Crew");
  await page.keyboard.press("Tab");
  await page.keyboard.type("We run and need a swimmer and a cyclist.");
  await tabTo(page, main.getByRole("checkbox", { name: "Swimmer" }));
  await page.keyboard.press("Space");
  await tabTo(page, main.getByRole("checkbox", { name: "Beginner" }));
  await page.keyboard.press("Space");
  await tabTo(page, main.getByRole("button", { name: "Create Team" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Team created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/teams$/);
  const [team] = await db()`select name, requirements from public.teams where creator_id = ${me.id}`;
  expect(team).toMatchObject({
    name: "Keyboard Crew",
    requirements: { roles: ["swimmer"], experience_levels: ["beginner"] },
  });

  // The card's links and the join control of another team are reachable too.
  await tabTo(page, main.getByRole("link", { name: "View Details: Keyboard Crew" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Keyboard Crew" })).toBeVisible();
});

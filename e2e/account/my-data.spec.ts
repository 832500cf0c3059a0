import { expect, test, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { expectNoAxeViolations } from "../support/axe";
import { waitForMail } from "../support/mailbox";
import { createConfirmedUser } from "../support/users";
import { createAthlete, createTeamFor, db, signIn, type Athlete } from "../teams/team-support";

// docs/security.md#your-data: Settings → Download my data and Delete my account, in a real browser.
test.describe.configure({ timeout: 180_000 });

const screensDir = process.env.MY_DATA_SCREENS_DIR ?? "test-results/my-data-screens";
async function shot(page: Page, name: string) {
  for (const [label, size] of Object.entries({
    desktop: { width: 1280, height: 900 },
    mobile: { width: 390, height: 844 },
  })) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${screensDir}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A conversation between two athletes with messages, written straight in the database. */
async function converse(a: Athlete, b: Athlete, lines: [Athlete, string][]): Promise<string> {
  const [one, two] = [a.profileId, b.profileId].sort();
  const [c] = await db()`insert into public.conversations (participant_one_id, participant_two_id)
                         values (${one!}, ${two!}) returning id`;
  for (const [from, content] of lines) {
    await db()`insert into public.messages (conversation_id, sender_id, content)
               values (${c!.id}, ${from.profileId}, ${content})`;
  }
  return c!.id as string;
}

/** A captain with a team, a member in it who has talked with the captain, and a stranger talking to the member. */
async function world() {
  const captain = await createAthlete("cyclist", "captain");
  const team = await createTeamFor(captain, { name: `Closing ${captain.profileId.slice(0, 6)}` });
  const member = await createAthlete("swimmer", "mia");
  await db()`insert into public.team_members (team_id, profile_id, role, status)
             values (${team.id}, ${member.profileId}, 'swimmer', 'active')`;
  const conversation = await converse(captain, member, [
    [member, "Keen to swim for you on Sunday"],
    [captain, "Welcome aboard, see you at the lake"],
  ]);
  const stranger = await createAthlete("runner", "stranger");
  await converse(stranger, member, [[stranger, `stranger secret ${stranger.profileId}`]]);
  return { captain, team, member, conversation, stranger };
}

test("Download my data: a JSON file of the account's profile, team, memberships and conversations, nobody else's", async ({
  page,
  request,
}) => {
  const { captain, team, stranger } = await world();
  await signIn(page, captain, "/settings");
  await expect(page.getByRole("heading", { name: "Download my data" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Delete my account" })).toBeVisible();
  await expect(page.getByText("Your team is closed too.")).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "settings-my-data");

  // By keyboard: focus the link and press Enter.
  const link = page.getByRole("link", { name: "Download my data" });
  await link.focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toMatch(/^noosa-tri-teams-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile((await download.path())!, "utf8");
  const data = JSON.parse(text);
  expect(data.account).toEqual({ id: captain.id, email: captain.email });
  expect(data.profile).toMatchObject({ id: captain.profileId, full_name: captain.fullName });
  expect(data.teams_created).toEqual([expect.objectContaining({ id: team.id, name: team.name })]);
  expect(data.memberships).toEqual([
    expect.objectContaining({ team_id: team.id, team_name: team.name, status: "active" }),
  ]);
  expect(data.conversations).toHaveLength(1);
  expect(
    data.conversations[0].messages.map((m: { from: string; content: string }) => [m.from, m.content]),
  ).toEqual([
    ["them", "Keen to swim for you on Sunday"],
    ["me", "Welcome aboard, see you at the lake"],
  ]);
  expect(text).not.toContain("stranger secret");
  expect(text).not.toContain(stranger.email);

  // Signed out (a request context with no cookies), the file is refused.
  const anonymous = await request.get("/api/my-data");
  expect(anonymous.status()).toBe(401);
});

test("Delete my account: typed confirmation, the team closed and its member told, the other side sees Deleted athlete", async ({
  page,
  browser,
}) => {
  const { captain, team, member, conversation } = await world();
  const since = new Date();
  await signIn(page, captain, "/settings");

  // A wrong word: a clear message, what was typed stays, nothing is deleted.
  const confirm = page.getByLabel("Type DELETE to confirm");
  await confirm.fill("delete");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Type DELETE in capitals to confirm")).toBeVisible();
  await expect(confirm).toHaveValue("delete");
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.getByRole("heading", { name: "Delete my account" }).scrollIntoViewIfNeeded();
  await shot(page, "settings-delete-refused");
  expect(await db()`select 1 from public.profiles where id = ${captain.profileId}`).toHaveLength(1);

  // By keyboard: type the word and press Enter in the field.
  await confirm.fill("DELETE");
  await confirm.press("Enter");
  await expect(page).toHaveURL(/\/account-deleted$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Your account is deleted" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "account-deleted");

  expect(await db()`select 1 from public.profiles where id = ${captain.profileId}`).toHaveLength(0);
  expect(await db()`select 1 from auth.users where id = ${captain.id}`).toHaveLength(0);
  expect(await db()`select 1 from public.teams where id = ${team.id}`).toHaveLength(0);
  // Signed out: settings asks to sign in.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth\?next=%2Fsettings/);

  // The member gets an e-mail through the outbox, and a notice in the conversation, where the captain's
  // name was "Deleted athlete" now and there is no reply box.
  const mail = await waitForMail(member.email, { subject: /is closed/, since, timeout: 30_000 });
  expect(mail.subject).toBe(`${team.name} is closed`);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member, "/messages");
  await memberPage.goto(`/messages?c=${conversation}`);
  const thread = memberPage.getByRole("log", { name: "Messages with Deleted athlete" });
  await expect(thread).toContainText("Keen to swim for you on Sunday");
  await expect(thread).toContainText(`${team.name} is closed: its creator deleted their account.`);
  await expect(thread).not.toContainText("Welcome aboard");
  await expect(memberPage.getByText("this account was deleted, so you can't reply")).toBeVisible();
  // In the list, the notice is the conversation's last message; it has no menu with Report (nobody sent it).
  await expect(memberPage.getByRole("link", { name: /Deleted athlete/ })).toContainText(
    `${team.name} is closed`,
  );
  await expect(thread.getByRole("button", { name: /Options for message/ })).toHaveCount(0);
  await expect(memberPage.getByRole("textbox", { name: /message/i })).toHaveCount(0);
  await expectNoAxeViolations(memberPage);
  await shot(memberPage, "conversation-deleted-athlete");
  await memberContext.close();
});

test("an account with no profile finds Settings on the dashboard, downloads its data and deletes itself", async ({
  page,
}) => {
  const account = await createConfirmedUser();
  await signIn(page, account, "/dashboard");
  await expect(page.getByText("Not staying? Download your data or delete your account in")).toBeVisible();
  await shot(page, "dashboard-no-profile");
  await page.getByRole("main").getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  // E-mails and blocks belong to a profile: the page says so and offers one, and nothing else is missing.
  await expect(page.getByText("You have no profile yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Your Profile" })).toHaveAttribute(
    "href",
    "/create-profile",
  );
  await expect(page.getByRole("heading", { name: "Notifications", exact: true })).toHaveCount(0);
  await expect(page.getByText("Your team is closed too.")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, "settings-no-profile");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data" }).click(),
  ]);
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.account).toEqual({ id: account.id, email: account.email });
  expect(data.profile).toBeNull();

  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/, { timeout: 20_000 });
  expect(await db()`select 1 from auth.users where id = ${account.id}`).toHaveLength(0);
});

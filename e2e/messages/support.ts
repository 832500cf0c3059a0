import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import postgres from "postgres";
import { createConfirmedUser, signInWithSession } from "../support/users";

/** The stack's superuser connection (supabase-local exports it around Playwright), for setting up data only. */
export function adminSql() {
  const url = process.env.LOCAL_DB_ADMIN_URL;
  if (!url) throw new Error("LOCAL_DB_ADMIN_URL is not set: run through `npm run test:e2e`");
  return postgres(url, { max: 2, onnotice: () => {} });
}

export type TestAthlete = {
  email: string;
  password: string;
  authId: string;
  profileId: string;
  name: string;
};

/** A confirmed account with a public profile named `name` (or none with `profile: false`). */
export async function makeAthlete(sql: postgres.Sql, name: string, { profile = true } = {}) {
  const user = await createConfirmedUser();
  let profileId = "";
  if (profile) {
    const [row] = await sql<{ id: string }[]>`
      insert into public.profiles (auth_id, username, full_name, location, specialty, experience_level, goals,
                                   is_public, looking_for_team)
      values (${user.id}, ${`${name.split(" ")[0]!.toLowerCase()}_${user.id.slice(0, 8)}`}, ${name},
              ${sql.json({ display_name: "Noosa Heads", coordinates: [0, 0] })}, 'runner', 'intermediate',
              'Race the Noosa relay this year', true, true)
      returning id`;
    profileId = row!.id;
  }
  return { email: user.email, password: user.password, authId: user.id, profileId, name } as TestAthlete;
}

export async function conversationBetween(sql: postgres.Sql, a: TestAthlete, b: TestAthlete) {
  const [row] = await sql<
    { id: string }[]
  >`select private.ensure_conversation(${a.profileId}, ${b.profileId}) as id`;
  return row!.id;
}

/** A browser context signed in as `who` (a session cookie, not the form: ../support/users.ts), on `path`. */
export async function signedInPage(browser: Browser, who: TestAthlete, path: string) {
  const context: BrowserContext = await browser.newContext();
  const page = await context.newPage();
  await signInWithSession(page, who, path);
  await expect(page).toHaveURL(new RegExp(path.replace(/[?]/g, "\\?")));
  return { context, page };
}

/** The thread's message log. */
export const thread = (page: Page) => page.getByRole("log");

/** Types `text` into the composer, sends it and waits until the input is cleared (the send succeeded). */
export async function sendText(page: Page, text: string) {
  const input = page.getByLabel("Message", { exact: true });
  await input.fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(input).toHaveValue("");
}

/** Waits until the thread's live channel is joined (the badge/inbox and thread subscribe on load). */
export async function waitForLive(page: Page) {
  await expect(page.locator("[data-live='true']")).toBeAttached();
}

/** Waits until the top bar's live inbox (badge, toasts, presence) has joined its channel. */
export async function waitForInbox(page: Page) {
  await expect(page.locator("[data-inbox-live='true']")).toBeAttached();
}

import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { landingPages } from "../../lib/content/landing-pages";
import { adminDb, type TestAthlete } from "../support/db";
import { publicRoutes } from "../public/public-routes";
import { createConfirmedUser, signInWithSession } from "../support/users";

// Every route at the two common phone widths (a small Android and a Pixel 7), signed out and signed in,
// with the longest values the rules allow and no space to break them at: the document may never be wider
// than the viewport (a page that scrolls sideways on a phone).
test.describe.configure({ timeout: 600_000 });

const widths = [360, 412] as const;

/** `n` characters without a space, so only wrapping anywhere or truncating keeps them inside a card. */
const unbroken = (prefix: string, n: number) => (prefix + "x".repeat(n)).slice(0, n);

type Long = { athlete: TestAthlete; other: TestAthlete; teamId: string; otherTeamId: string };

/** Two athletes (100-character names, 50-character usernames, long addresses) with teams and a thread. */
async function longData(): Promise<Long> {
  const db = adminDb();
  const make = async (label: string) => {
    const tag = randomUUID().slice(0, 8);
    const user = await createConfirmedUser({
      email: `${unbroken(`${label}${tag}`, 60)}@${unbroken("averyveryverylongdomainname", 40)}.example.test`,
    });
    const [row] = await db<{ id: string }[]>`
      insert into public.profiles (auth_id, username, full_name, location, is_public, looking_for_team,
                                   specialty, experience_level, training_preference, goals)
      values (${user.id}, ${unbroken(`${label}_${tag}_`, 50)}, ${unbroken(`${label}${tag}`, 100)},
              ${db.json({ display_name: unbroken("Peregian Beach Sunshine Coast", 100), coordinates: [0, 0] })},
              true, true, 'runner', 'intermediate', ${unbroken("Mornings", 100)}, ${unbroken("Goals", 300)})
      returning id`;
    return { ...user, profileId: row!.id, fullName: unbroken(`${label}${tag}`, 100) };
  };
  const athlete = await make("Longname");
  const other = await make("Othername");
  const team = async (creator: TestAthlete, urgent: boolean) => {
    const [row] = await db<{ id: string }[]>`
      insert into public.teams (name, description, location, creator_id, status, requirements, urgent_role,
                                urgent_by)
      values (${unbroken(`Team${randomUUID().slice(0, 6)}`, 50)}, ${unbroken("Description", 500)},
              ${unbroken("Noosaville", 100)}, ${creator.id}, 'open',
              ${db.json({ roles: ["swimmer", "cyclist", "runner"], experience_levels: ["intermediate"] })},
              ${urgent ? "swimmer" : null}, ${urgent ? db`current_date + 1` : null})
      returning id`;
    await db`insert into public.team_members (team_id, profile_id, role, status)
             values (${row!.id}, ${creator.profileId}, 'runner', 'active')`;
    return row!.id;
  };
  const teamId = await team(athlete, true);
  const otherTeamId = await team(other, true);
  // A pending request from the other athlete, so the creator's team page lists it.
  await db`insert into public.team_members (team_id, profile_id, role, status)
           values (${teamId}, ${other.profileId}, 'swimmer', 'pending')`;
  const [conversation] = await db<{ id: string }[]>`
    select private.ensure_conversation(${athlete.profileId}, ${other.profileId}) as id`;
  for (const [sender, text] of [
    [other, unbroken("https://example.test/a-very-long-link-without-any-space", 400)],
    [athlete, unbroken("Reply", 300)],
  ] as const) {
    await db`insert into public.messages (conversation_id, sender_id, content)
             values (${conversation!.id}, ${sender.profileId}, ${text})`;
  }
  return { athlete, other, teamId, otherTeamId };
}

/** The document's width beyond the viewport, in CSS pixels (0 when nothing scrolls sideways). */
async function overflow(page: Page): Promise<{ extra: number; widest: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const extra = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - viewport;
    // Name the elements that stick out (some may be clipped inside a scroller) or whose text runs out of
    // them, so a failure says where to look; the verdict is the document's width alone.
    const widest = [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > viewport + 0.5 ||
          (el.scrollWidth > el.clientWidth + 1 &&
            el.clientWidth > 0 &&
            getComputedStyle(el).overflowX === "visible" &&
            ![...el.children].some(
              (c) => c.getBoundingClientRect().right > el.getBoundingClientRect().right,
            )),
      )
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    return { extra, widest };
  });
}

type Wide = { path: string; width: number; extra: number; widest: string[] };

/** Every path of the list, each measured; the ones wider than the screen, with what sticks out. */
async function tooWide(page: Page, paths: string[], width: number): Promise<Wide[]> {
  const found: Wide[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
    const { extra, widest } = await overflow(page);
    if (extra > 0) found.push({ path, width, extra, widest });
  }
  return found;
}

let data: Long;
test.beforeAll(async () => {
  data = await longData();
});

const signedOutPaths = () => [
  ...publicRoutes.map((r) => r.path),
  ...landingPages.map((p) => `/${p.slug}`),
  "/browse?role=runner",
  "/auth",
  "/auth?view=sign_up",
  "/auth?view=forgotten_password",
  "/auth?view=magic_link",
  "/auth?view=verify_otp",
  "/register-interest",
  "/account-deleted",
  `/profile/${data.athlete.profileId}`,
  `/teams/${data.teamId}`,
  "/a-page-that-does-not-exist",
];

const signedInPaths = () => [
  "/dashboard",
  "/profile",
  "/edit-profile",
  "/settings",
  "/messages",
  `/messages?c=`,
  "/teams",
  "/browse",
  "/browse?mine=1",
  `/teams/${data.teamId}`,
  `/teams/${data.teamId}/edit`,
  `/teams/${data.otherTeamId}`,
  `/teams/${data.otherTeamId}/join?as=swimmer`,
  `/messages/start/${data.other.profileId}`,
  `/profile/${data.other.profileId}`,
  "/",
  "/urgent-triathlon-team-noosa",
];

for (const width of widths) {
  test(`signed out at ${width} px, no page is wider than the screen`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    expect(await tooWide(page, signedOutPaths(), width)).toEqual([]);
    await context.close();
  });

  test(`signed in at ${width} px, no page is wider than the screen`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await signInWithSession(page, data.athlete, "/dashboard");
    // The thread with the other athlete, open.
    const [row] = await adminDb()<{ id: string }[]>`
      select private.ensure_conversation(${data.athlete.profileId}, ${data.other.profileId}) as id`;
    const paths = signedInPaths().map((p) => (p === "/messages?c=" ? `/messages?c=${row!.id}` : p));
    expect(await tooWide(page, paths, width)).toEqual([]);
    await context.close();
  });
}

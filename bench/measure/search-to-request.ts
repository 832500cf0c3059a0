/**
 * From a search to a sent request, measured the way a new visitor on a phone goes through it: taps, fields
 * typed and page loads from the urgent landing page to a sent join request for the urgent team. Taps are
 * reported both ways: every tap (a select costs two, its open and its choice, as on a phone's picker) and
 * presses (a select's choice counted once). The latest figures are in docs/performance.md#journeys.
 *
 *   npx supabase-local --test -- node bench/measure/search-to-request.ts   (builds into .next-measure)
 *   MEASURE_BASE_URL=http://127.0.0.1:3000 LOCAL_MAILBOX_URL=… node bench/measure/search-to-request.ts
 *     (an app already running on a local stack, and that stack's mailbox)
 *
 * It walks like a person: on each screen it does what that screen offers towards the goal, and when the
 * team has been lost (the dashboard after the profile) it goes looking for it again through Browse. The
 * confirmation e-mail is opened in a second browser context, as on another device, so whatever the app
 * remembers has to travel in the link. It stops at the first "request sent" or after 40 steps.
 */
import { chromium, devices, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { chromiumPath } from "../../e2e/support/chromium.ts";
import { buildApp, serve, stopServers } from "../servers.ts";

const landing = "/urgent-triathlon-team-noosa";
const teamName = "Peregian Pace Setters";
const mailboxUrl = process.env.LOCAL_MAILBOX_URL;

type Tally = {
  /** Every tap: a select counts its open and its choice. */
  taps: number;
  /** A select's open and choice counted as one press. */
  presses: number;
  fields: number;
  pageLoads: number;
  screens: string[];
  actions: string[];
};

async function main() {
  if (!mailboxUrl) throw new Error("LOCAL_MAILBOX_URL is not set: run it inside the local stack (see top).");
  let baseUrl = process.env.MEASURE_BASE_URL;
  if (!baseUrl) {
    const dist = process.env.NEXT_DIST_DIR ?? ".next-measure";
    buildApp(dist);
    baseUrl = await serve(".", { NEXT_DIST_DIR: dist });
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
  try {
    const tally = await walk(browser, baseUrl);
    console.log(`screens: ${tally.screens.join(" → ")}`);
    console.log(`actions:\n  ${tally.actions.join("\n  ")}`);
    console.log(
      `search to sent request: ${tally.taps} taps (selects' open and choice each counted), ` +
        `${tally.presses} presses (a select as one), ${tally.fields} fields typed, ${tally.pageLoads} page loads`,
    );
    console.log(`MEASURE_RESULT ${JSON.stringify({ ...tally, screens: undefined, actions: undefined })}`);
  } finally {
    await browser.close();
    stopServers();
  }
}

async function phone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL });
  // A shared 2-core machine can be slow; the count does not depend on time.
  context.setDefaultTimeout(60_000);
  return context;
}

/** Counts a page load whenever the main frame shows a new URL (a full load or an in-app navigation). */
function watch(page: Page, tally: Tally) {
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    const screen = `${url.pathname}${url.search}`;
    if (tally.screens.at(-1) === screen) return;
    tally.pageLoads += 1;
    tally.screens.push(screen);
  });
}

async function walk(browser: Browser, baseUrl: string): Promise<Tally> {
  const tally: Tally = { taps: 0, presses: 0, fields: 0, pageLoads: 0, screens: [], actions: [] };
  const email = `measure-${randomUUID().slice(0, 8)}@example.test`;
  const press = async (locator: ReturnType<Page["locator"]>) => {
    tally.taps += 1;
    tally.presses += 1;
    tally.actions.push(`press ${String(locator)}`);
    await locator.click();
  };
  // A select on a phone: one tap opens the picker, one chooses. Only a changed value costs anything.
  const choose = async (locator: ReturnType<Page["locator"]>, label: string) => {
    const current = await locator.evaluate((el) => {
      const select = el as HTMLSelectElement;
      return select.selectedOptions[0]?.textContent?.trim() ?? "";
    });
    if (current === label) {
      tally.actions.push(`leave ${String(locator)} on ${label}`);
      return;
    }
    tally.taps += 2;
    tally.presses += 1;
    tally.actions.push(`choose ${label} in ${String(locator)}`);
    await locator.selectOption({ label });
  };
  const fill = async (locator: ReturnType<Page["locator"]>, value: string) => {
    tally.fields += 1;
    tally.actions.push(`type ${String(locator)}`);
    await locator.fill(value);
  };

  let context = await phone(browser, baseUrl);
  let page = await context.newPage();
  watch(page, tally);
  await page.goto(landing);
  let signedUp = false;
  let profileDone = false;

  for (let step = 0; step < 40; step++) {
    await page.waitForLoadState("load");
    const url = new URL(page.url());
    const path = url.pathname;

    if (path === landing) {
      // The team itself where the page lists it, else the first call to action that leads to teams.
      // The team's card on the landing page: "Ask to join as a runner", named with the team.
      const team = page.getByRole("link", { name: new RegExp(`^Ask to join as a \\w+: ${teamName}$`) });
      const cta = page
        .getByRole("main")
        .getByRole("link", { name: /urgent|browse teams|teams that need/i })
        .first();
      const card = await team.isVisible();
      // Said in the result, so a path that went by the main button instead of the card is never silent.
      if (!card) tally.actions.push(`(no card named "Ask to join as a …: ${teamName}" on the landing page)`);
      await press(card ? team : cta);
      await page.waitForURL((u) => u.pathname !== landing);
    } else if (path === "/browse" || /^\/teams\/[0-9a-f-]{36}\/?$/.test(path)) {
      const scope =
        path === "/browse" ? page.getByRole("article", { name: teamName }) : page.getByRole("main");
      if (await page.getByText("Your request has been sent!").isVisible()) break;
      const before = page.url();
      // The team card on Browse and the team page carry the same join box: "Join as" and Request to Join
      // Team. The visitor races the leg the team needs: "Join as" is changed only when it says something
      // else.
      const joinAs = scope.getByLabel("Join as");
      if (await joinAs.isVisible()) {
        const current = await joinAs.evaluate(
          (el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent?.trim() ?? "",
        );
        if (current !== "My specialty") await choose(joinAs, "Runner");
      }
      await press(scope.getByRole("button", { name: "Request to Join Team" }));
      const sent = await page
        .getByText("Your request has been sent!")
        .waitFor({ timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      if (sent) break;
      await page.waitForURL((u) => u.toString() !== before, { timeout: 10_000 });
    } else if (path === "/auth") {
      if (signedUp) throw new Error("back on /auth after signing up");
      if (!/view=sign_up/.test(url.search))
        await press(page.getByRole("link", { name: "Sign up", exact: true }));
      await page.waitForURL(/view=sign_up/);
      await page.getByRole("heading", { name: "Create your account" }).waitFor();
      await page.waitForLoadState("networkidle");
      await fill(page.getByLabel("Email address"), email);
      await fill(page.getByLabel("Password", { exact: true }), "measure-pass-1");
      const since = Date.now();
      await press(page.getByRole("button", { name: "Sign up" }));
      await page
        .getByText("Check your email for the confirmation link")
        .waitFor()
        .catch(async (error: unknown) => {
          await page.screenshot({ path: "/tmp/measure-sign-up.png" });
          throw error;
        });
      signedUp = true;
      // The link, opened on "another device": a fresh context with no cookie and no storage from this one.
      const link = await confirmationLink(email, since);
      await context.close();
      context = await phone(browser, baseUrl);
      page = await context.newPage();
      watch(page, tally);
      tally.taps += 1; // the link in the e-mail
      tally.presses += 1;
      tally.actions.push("press the link in the e-mail (another browser)");
      await page.goto(link);
      await page.waitForURL((u) => u.pathname !== "/auth/confirm", { timeout: 15_000 });
    } else if (path === "/dashboard") {
      if (!profileDone) {
        await press(page.getByRole("link", { name: "Create Your Profile" }));
        await page.waitForURL(/\/create-profile/);
      } else {
        // The team is lost: find it again through the site menu.
        const menu = page.getByRole("button", { name: /menu/i });
        if (await menu.isVisible()) await press(menu);
        await press(page.getByRole("link", { name: "Browse", exact: true }).first());
        await page.waitForURL(/\/browse/);
      }
    } else if (path === "/create-profile") {
      const main = page.getByRole("main");
      await fill(main.getByLabel("Username"), `m_${randomUUID().slice(0, 8)}`);
      await fill(main.getByLabel("Full name"), "Morgan Measure");
      await fill(main.getByLabel("Location"), "Noosa Heads");
      // What the visitor already told us (the leg) may be filled in: only a change costs taps.
      await choose(main.getByLabel("Specialty"), "Runner");
      await choose(main.getByLabel("Experience level"), "Intermediate");
      await fill(main.getByLabel("Goals"), "Run the relay leg in under 50 minutes");
      await press(main.getByRole("button", { name: /Create Profile/i }));
      profileDone = true;
      await page.waitForURL((u) => u.pathname !== "/create-profile", { timeout: 15_000 });
    } else if (path === "/profile") {
      await press(page.getByRole("button", { name: /menu/i }));
      await press(page.getByRole("link", { name: "Browse", exact: true }).first());
      await page.waitForURL(/\/browse/);
    } else if (/^\/teams\/[0-9a-f-]{36}\/join$/.test(path)) {
      // Passing through: without a profile the page sends the visitor on to create-profile first.
      const send = page.getByRole("button", { name: /^Send request/i });
      await Promise.race([send.waitFor(), page.waitForURL((u) => !u.pathname.endsWith("/join"))]);
      if (!new URL(page.url()).pathname.endsWith("/join")) continue;
      await press(send);
      await page.getByText("Your request has been sent!").waitFor();
      break;
    } else if (path === "/messages") {
      break;
    } else {
      throw new Error(`no step for ${page.url()}`);
    }
  }
  await context.close();
  return tally;
}

/** The newest confirmation e-mail's link (local stack mailbox). */
async function confirmationLink(to: string, since: number): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(
      `${mailboxUrl!.replace(/\/$/, "")}/api/messages?to=${encodeURIComponent(to)}`,
    );
    const mails = (await response.json()) as { created_at: string; links: string[] }[];
    const mail = mails.find((m) => new Date(m.created_at).getTime() >= since - 1000);
    const link = mail?.links.find((l) => /[?&]token_hash=/.test(l));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation e-mail to ${to}`);
}

await main();

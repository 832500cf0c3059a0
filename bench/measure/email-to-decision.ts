/**
 * From the creator's e-mail to a decision, measured the way a creator on a phone goes through it, signed out:
 * the presses (taps), fields typed and page loads from the "Review the request" link in the join-request
 * e-mail to an accepted request, and how far down the page (in screens) the Accept button was. The latest
 * figures are in docs/performance.md#journeys.
 *
 *   npx supabase-local --test -- node bench/measure/email-to-decision.ts   (builds into .next-measure)
 *   MEASURE_BASE_URL=http://127.0.0.1:3000 node bench/measure/email-to-decision.ts
 *     (an app already running on a local stack: LOCAL_DB_ADMIN_URL, LOCAL_MAILBOX_URL and CRON_SECRET set)
 *
 * The request is real: a fresh athlete asks to join Mia's demo team through public.request_to_join_team, the
 * app's notification worker (its cron route, called here) sends the e-mail, and the link is read from the
 * stack's mailbox. Then Mia, signed out on a Pixel 7, presses that link and does what each screen offers
 * towards the decision: sign in where asked, find her team through the dashboard when it is lost, press
 * Accept where the request is. It stops at "Request accepted" or after 20 steps.
 */
import { chromium, devices, type Browser, type Locator, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { chromiumPath } from "../../e2e/support/chromium.ts";
import { buildApp, serve, stopServers } from "../servers.ts";

const mia = { email: "mia@example.com", password: "noosa-demo-2026" };
const miaTeam = "7ea40000-0000-4000-8000-000000000001";
const mailboxUrl = process.env.LOCAL_MAILBOX_URL;

type Tally = {
  presses: number;
  fields: number;
  pageLoads: number;
  /** How far below the top of its page the Accept button was, in screen heights (scrolling is not a press). */
  screensToAccept: number;
  screens: string[];
  actions: string[];
};

async function main() {
  if (!mailboxUrl || !process.env.LOCAL_DB_ADMIN_URL)
    throw new Error(
      "LOCAL_MAILBOX_URL / LOCAL_DB_ADMIN_URL not set: run it inside the local stack (see top).",
    );
  let baseUrl = process.env.MEASURE_BASE_URL;
  if (!baseUrl) {
    const dist = process.env.NEXT_DIST_DIR ?? ".next-measure";
    buildApp(dist);
    baseUrl = await serve(".", { NEXT_DIST_DIR: dist });
  }
  const sql = postgres(process.env.LOCAL_DB_ADMIN_URL, { max: 1, onnotice: () => {} });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
  try {
    const { link, requester } = await requestAndMail(sql, baseUrl);
    const tally = await walk(browser, baseUrl, link, requester);
    console.log(`screens: ${tally.screens.join(" → ")}`);
    console.log(`actions:\n  ${tally.actions.join("\n  ")}`);
    console.log(
      `e-mail to decision: ${tally.presses} presses, ${tally.fields} fields typed, ${tally.pageLoads} page loads, ` +
        `Accept ${tally.screensToAccept.toFixed(1)} screens down`,
    );
    console.log(`MEASURE_RESULT ${JSON.stringify({ ...tally, screens: undefined, actions: undefined })}`);
  } finally {
    await browser.close();
    await sql.end();
    stopServers();
  }
}

/** A fresh runner asks to join Mia's team; the worker e-mails Mia; returns the e-mail's review link. */
async function requestAndMail(sql: postgres.Sql, baseUrl: string) {
  const tag = randomUUID().slice(0, 8);
  const authId = randomUUID();
  const requester = `Riley ${tag}`;
  await sql`insert into auth.users (id, email) values (${authId}, ${`measure-${tag}@example.test`})`;
  await sql`
    insert into public.profiles (auth_id, username, full_name, location, is_public, looking_for_team, specialty,
                                 experience_level, goals)
    values (${authId}, ${`riley_${tag}`}, ${requester}, '{"display_name": "Noosaville", "coordinates": [0, 0]}',
            true, true, 'runner', 'intermediate', 'Run the relay leg in under 50 minutes')`;
  const since = Date.now();
  await sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: authId, role: "authenticated" })}, true)`;
    await tx`select public.request_to_join_team(${miaTeam}, 'runner')`;
  });
  for (let attempt = 0; attempt < 60; attempt++) {
    await fetch(`${baseUrl}/api/cron/notifications`, {
      headers: { Authorization: `Bearer ${process.env.CRON_SECRET ?? ""}` },
    });
    const mails = (await (
      await fetch(`${mailboxUrl!.replace(/\/$/, "")}/api/messages?to=${encodeURIComponent(mia.email)}`)
    ).json()) as { created_at: string; subject: string; links: string[] }[];
    const mail = mails.find(
      (m) => new Date(m.created_at).getTime() >= since - 1000 && m.subject.startsWith(requester),
    );
    const link = mail?.links.find((l) => l.includes(`/teams/${miaTeam}`));
    if (link) {
      const url = new URL(link);
      return { link: `${url.pathname}${url.search}`, requester };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("no join-request e-mail to mia@example.com");
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

async function walk(browser: Browser, baseURL: string, link: string, requester: string): Promise<Tally> {
  const tally: Tally = { presses: 0, fields: 0, pageLoads: 0, screensToAccept: 0, screens: [], actions: [] };
  const press = async (locator: Locator) => {
    tally.presses += 1;
    tally.actions.push(`press ${String(locator)}`);
    await locator.click();
  };
  const fill = async (locator: Locator, value: string) => {
    tally.fields += 1;
    tally.actions.push(`type ${String(locator)}`);
    await locator.fill(value);
  };
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  watch(page, tally);
  tally.presses += 1;
  tally.actions.push("press the link in the e-mail (signed out)");
  await page.goto(link);

  const accept = page.getByRole("main").getByRole("button", { name: `Accept ${requester}` });
  let signedIn = false;
  for (let step = 0; step < 20; step++) {
    await page.waitForLoadState("load");
    const path = new URL(page.url()).pathname;
    if (await accept.isVisible()) {
      const box = await accept.boundingBox();
      const top = await page.evaluate(() => window.scrollY);
      tally.screensToAccept = ((box?.y ?? 0) + top) / page.viewportSize()!.height;
      await press(accept);
      await page.getByText("Request accepted").waitFor();
      break;
    }
    if (path === "/auth") {
      if (signedIn) throw new Error("back on /auth after signing in");
      await page.waitForLoadState("networkidle");
      await fill(page.getByLabel("Email address"), mia.email);
      await fill(page.getByLabel("Password", { exact: true }), mia.password);
      await press(page.getByRole("button", { name: "Sign in", exact: true }));
      signedIn = true;
      await page.waitForURL((u) => u.pathname !== "/auth", { timeout: 20_000 });
    } else if (
      !signedIn &&
      (await page
        .getByRole("button", { name: /Request to Join/i })
        .first()
        .isVisible())
    ) {
      // The public team page offers the signed-out creator "Request to Join"; she signs in instead.
      const signIn = page.getByRole("link", { name: "Sign In", exact: true });
      if (!(await signIn.isVisible())) await press(page.getByRole("button", { name: /menu/i }));
      await press(signIn.first());
      await page.waitForURL(/\/auth/);
    } else if (path === "/dashboard") {
      // Her team from "Your Teams" (one press), as she would look for it.
      await press(
        page
          .getByRole("main")
          .getByRole("link", { name: /Noosa Heads Dawn Patrol/ })
          .first(),
      );
      await page.waitForURL((u) => u.pathname !== "/dashboard");
    } else if (path === "/teams") {
      await press(
        page
          .getByRole("main")
          .getByRole("link", { name: /View Details/ })
          .first(),
      );
      await page.waitForURL((u) => u.pathname !== "/teams");
    } else if (/^\/teams\/[0-9a-f-]{36}/.test(path)) {
      // The page may still be loading its controls.
      await accept.waitFor({ timeout: 15_000 });
    } else {
      throw new Error(`no step for ${page.url()}`);
    }
  }
  await context.close();
  return tally;
}

await main();

import { devices, expect, test, type Page } from "@playwright/test";
import { actionIds, callAction } from "../../bench/load/http";
import { expectNoAxeViolations } from "../support/axe";
import { pausableProxy } from "../support/pausable-proxy";
import { startSecondAppServer } from "../support/second-app-server";
import { adminSql, conversationBetween, makeAthlete, signedInPage, waitForLive } from "../messages/support";

// Load shedding (docs/performance.md#shedding) against a real `next start` of the build: one pooled
// connection, refused past one waiting transaction, and Postgres reached through a relay the test can
// hold. Holding it makes a transaction wait for its connection, as under load; the proxy must then see
// lib/db's queue (one globalThis in the server process) and refuse new work at once.
test.describe.configure({ timeout: 180_000 });
const sql = adminSql();
let relay: Awaited<ReturnType<typeof pausableProxy>>;
let app: Awaited<ReturnType<typeof startSecondAppServer>>;
const shots = "test-results-load/screens";

test.beforeAll(async () => {
  relay = await pausableProxy(new URL(process.env.DATABASE_URL!));
  app = await startSecondAppServer({
    DATABASE_URL: relay.url,
    DATABASE_POOL_MAX: "1",
    DATABASE_SHED_WAITING: "1",
  });
});
test.afterAll(async () => {
  relay?.resume();
  await app?.stop();
  await relay?.close();
  await sql.end();
});

const composer = (page: Page) => ({
  input: page.getByLabel("Message", { exact: true }),
  send: page.getByRole("button", { name: "Send", exact: true }),
});

test("past the limit: 503 + Retry-After for pages, actions and routes, a busy page, and a message shed then sent once", async ({
  browser,
}) => {
  const mia = await makeAthlete(sql, "Mia Shed");
  const noah = await makeAthlete(sql, "Noah Queue");
  const conversation = await conversationBetween(sql, mia, noah);
  const threadPath = `${app.base}/messages?c=${conversation}`;
  const m = await signedInPage(browser, mia, threadPath);
  const n = await signedInPage(browser, noah, threadPath);
  await waitForLive(m.page);
  await waitForLive(n.page);
  // Let the pages' own first actions (unread count, mark read) finish before the relay holds the database.
  await m.page.waitForTimeout(1500);
  const cookie = (await m.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const get = (path: string, signal?: AbortSignal) =>
    fetch(`${app.base}${path}`, { headers: { cookie }, redirect: "manual", ...(signal ? { signal } : {}) });
  // Not busy: the dashboard renders (and the pool's one connection is open, to be held).
  expect((await get("/dashboard")).status).toBe(200);

  // Held, the database answers nothing: Noah's send and two of Mia's "mark read" actions are admitted; one
  // holds the pool's only connection, the others wait for it and fill the queue. (Noah's send may also be
  // the one refused, if the two came first: then he presses Send again below.)
  relay.pause();
  const noahText = `Held in the queue ${Date.now()}`;
  await composer(n.page).input.fill(noahText);
  await composer(n.page).send.click();
  const ids = actionIds(process.env.NEXT_DIST_DIR ?? ".next-e2e");
  const held = [1, 2].map(() =>
    callAction(app.base, `/messages?c=${conversation}`, cookie, ids.markReadAction!, [conversation]),
  );

  // The proxy sees the waiting transaction: a page that needs the database is refused at once.
  // (An answer not back within a second is a request admitted before the queue filled: asked again.)
  await expect
    .poll(
      () =>
        get("/dashboard", AbortSignal.timeout(1000)).then(
          (r) => r.status,
          () => 0,
        ),
      {
        timeout: 10_000,
      },
    )
    .toBe(503);
  const page503 = await get("/dashboard");
  expect(page503.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  expect(page503.headers.get("cache-control")).toBe("no-store");
  expect(await page503.text()).toContain("Busy — try again in a few seconds.");
  // A route handler that reads the database, too; a prerendered page never.
  const route503 = await get("/api/my-data");
  expect(route503.status).toBe(503);
  expect(route503.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  expect((await get("/about-noosa")).status).toBe(200);

  // Mia's message is shed before anything runs: a clear hint, her text kept, nothing stored.
  const miaText = `Sent once after a busy moment ${Date.now()}`;
  await composer(m.page).input.fill(miaText);
  await composer(m.page).send.click();
  await expect(m.page.locator("#message-hint")).toHaveText("Not sent. Busy — try again in a few seconds.");
  await expect(composer(m.page).input).toHaveValue(miaText);
  expect((await sql`select count(*)::int as n from public.messages where content = ${miaText}`)[0]!.n).toBe(
    0,
  );
  await m.page.screenshot({ path: `${shots}/shed-message-desktop.png` });

  // The busy page, as a browser shows it: accessible, at a phone's and a desktop's width.
  const busy = await m.context.newPage();
  const answer = await busy.goto(`${app.base}/dashboard`);
  expect(answer?.status()).toBe(503);
  await expect(
    busy.getByRole("heading", { level: 1, name: "Busy — try again in a few seconds." }),
  ).toBeVisible();
  await expect(busy.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/dashboard");
  await expectNoAxeViolations(busy);
  await busy.screenshot({ path: `${shots}/busy-desktop.png` });
  for (const [name, size] of [
    ["pixel7", devices["Pixel 7"].viewport],
    ["360", { width: 360, height: 780 }],
  ] as const) {
    await busy.setViewportSize(size);
    expect(await busy.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await busy.screenshot({ path: `${shots}/busy-${name}.png` });
  }
  await busy.close();

  // The queue drains: what was admitted keeps its place and lands; a refused send is pressed again.
  relay.resume();
  // Each of them answered: admitted ones done once the queue drained, a refused one refused cleanly.
  for (const { outcome } of await Promise.all(held)) expect(["ok", "shed"]).toContain(outcome);
  for (const { page } of [n, m])
    await expect(async () => {
      const { input, send } = composer(page);
      if ((await input.inputValue()) !== "" && (await send.isEnabled())) await send.click();
      await expect(input).toHaveValue("", { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  const stored = await sql<{ content: string }[]>`
    select content from public.messages where conversation_id = ${conversation}`;
  expect(stored.map((r) => r.content).sort()).toEqual([noahText, miaText].sort());
  await expect(n.page.getByRole("log").getByText(miaText)).toBeVisible();
  await m.context.close();
  await n.context.close();
});

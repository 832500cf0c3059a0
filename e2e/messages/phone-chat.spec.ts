import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations, settleTransitions } from "../support/axe";
import { signInWithSession } from "../support/users";
import { adminSql, conversationBetween, makeAthlete, sendText, thread, waitForLive } from "./support";

// Messages as a chat on a phone (Pixel 7 and a 360 px wide phone), the tab bar, and the wide layout that
// keeps the 600 px thread where the screen has room for it. Screens go to CHAT_SCREENS_DIR (default test-results/chat-screens).
test.describe.configure({ timeout: 150_000 });
const sql = adminSql();
test.afterAll(() => sql.end());

const dir = process.env.CHAT_SCREENS_DIR ?? "test-results/chat-screens";
const phones = {
  "pixel-7": devices["Pixel 7"]!,
  "360": {
    ...devices["Pixel 7"]!,
    viewport: { width: 360, height: 740 },
    screen: { width: 360, height: 740 },
  },
};

async function phonePage(browser: Browser, phone: keyof typeof phones) {
  // The descriptor's browser choice is not a context option.
  const device: Partial<(typeof phones)[typeof phone]> = { ...phones[phone] };
  delete device.defaultBrowserType;
  const context = await browser.newContext({ ...device, reducedMotion: "reduce" });
  return { context, page: await context.newPage() };
}

/** Nothing sideways: the document is no wider than the viewport. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

const tabBar = (page: Page) => page.getByRole("navigation", { name: "Tab bar" });

async function pair(label: string) {
  const me = await makeAthlete(sql, `Casey ${label}`);
  const other = await makeAthlete(sql, `Robin ${label}`);
  const id = await conversationBetween(sql, me, other);
  // Enough messages to fill more than a screen, the newest last.
  for (let i = 1; i <= 24; i++) {
    const from = i % 3 === 0 ? me : other;
    await sql`insert into public.messages (conversation_id, sender_id, content, created_at, read)
              values (${id}, ${from.profileId}, ${`Message ${i} about the Sunday relay`},
                      now() - make_interval(mins => ${60 - i}), true)`;
  }
  return { me, other, id };
}

for (const phone of Object.keys(phones) as (keyof typeof phones)[]) {
  test(`on a phone (${phone}) the list and the thread are two screens, the thread fills it`, async ({
    browser,
  }) => {
    const { me, other, id } = await pair(phone);
    const { context, page } = await phonePage(browser, phone);
    await signInWithSession(page, me, "/messages");

    // The list: the page's own heading, the tab bar with Messages marked, no footer, nothing under the bar.
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expect(tabBar(page)).toBeVisible();
    await expect(tabBar(page).getByRole("link", { name: "Messages" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(tabBar(page).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("contentinfo")).toBeHidden();
    const list = page.getByRole("region", { name: "Conversations" });
    const [listBox, barBox] = [await list.boundingBox(), await tabBar(page).boundingBox()];
    expect(listBox!.y + listBox!.height).toBeLessThanOrEqual(barBox!.y + 1);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${dir}/list-${phone}.png` });

    // The thread: its own screen with a back button; no tab bar; the composer and the newest message in view.
    await list.getByRole("link", { name: new RegExp(other.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?c=${id}`));
    await waitForLive(page);
    await expect(tabBar(page)).toBeHidden();
    await expect(list).toBeHidden();
    await expect(page.getByRole("link", { name: "All conversations" })).toBeVisible();
    const composer = page.getByLabel("Message", { exact: true });
    await expect(composer).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeInViewport({ ratio: 1 });
    await expect(thread(page).getByText("Message 24 about the Sunday relay")).toBeInViewport();
    await expect(thread(page).getByText("Message 1 about the Sunday relay")).not.toBeInViewport();
    const page_ = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      view: window.innerHeight,
    }));
    expect(page_.height).toBeLessThanOrEqual(page_.view + 1);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${dir}/thread-${phone}.png` });

    // No "Report" link under each message: a menu beside the other athlete's messages, and one for the
    // conversation (Report, Block), all by keyboard, focus back where it was.
    await expect(thread(page).getByRole("button", { name: "Report" })).toHaveCount(0);
    const options = page.getByRole("button", { name: `Options for the conversation with ${other.name}` });
    await options.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: `Report ${other.name}` })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: `Block ${other.name}` })).toBeFocused();
    await page.screenshot({ path: `${dir}/thread-menu-${phone}.png` });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(options).toBeFocused();

    const messageMenu = thread(page)
      .getByRole("button", { name: `Options for message from ${other.name}` })
      .last();
    await messageMenu.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Report message" })).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Report message from ${other.name}` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(messageMenu).toBeFocused();

    // Sending keeps the newest (the one just sent) in view above the composer.
    await sendText(page, `On my way to the swim start (${phone})`);
    await expect(thread(page).getByText(`On my way to the swim start (${phone})`)).toBeInViewport();
    await expect(composer).toBeInViewport({ ratio: 1 });

    // The keyboard opens: with interactive-widget=resizes-content the page gets shorter (as here), and the
    // composer and the newest message stay in view above it.
    const full = page.viewportSize()!;
    await composer.focus();
    await page.setViewportSize({ width: full.width, height: Math.round(full.height * 0.55) });
    await expect(composer).toBeInViewport({ ratio: 1 });
    await expect(thread(page).getByText(`On my way to the swim start (${phone})`)).toBeInViewport();
    await page.screenshot({ path: `${dir}/thread-keyboard-${phone}.png` });
    await page.setViewportSize(full);

    // Back to the list, and the tab bar is there again.
    await page.getByRole("link", { name: "All conversations" }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(list).toBeVisible();
    await expect(tabBar(page)).toBeVisible();
    await context.close();
  });

  test(`on a phone (${phone}) the tab bar: current page marked, unread badge, never over the page`, async ({
    browser,
  }) => {
    const { me, other, id } = await pair(`${phone} bar`);
    const { context, page } = await phonePage(browser, phone);
    await signInWithSession(page, me, "/dashboard");
    const bar = tabBar(page);
    await expect(bar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    for (const name of ["Browse", "Teams", "Messages"])
      await expect(bar.getByRole("link", { name, exact: true })).not.toHaveAttribute("aria-current", "page");
    await page.waitForFunction(() => document.querySelector("[data-inbox-live='true']") !== null);
    await sql`insert into public.messages (conversation_id, sender_id, content)
              values (${id}, ${other.profileId}, 'Are you still free for Sunday?')`;
    await expect(bar.getByTestId("tab-unread-badge")).toHaveText(/^1/);
    await expect(bar.getByRole("link", { name: /Messages/ })).toHaveAccessibleName("Messages, 1 unread");

    // Scrolled to the very end, the footer's last line is above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole("contentinfo");
    const [footerBox, barBox] = [await footer.boundingBox(), await bar.boundingBox()];
    expect(footerBox!.y + footerBox!.height).toBeLessThanOrEqual(barBox!.y + 1);
    await page.screenshot({ path: `${dir}/dashboard-end-${phone}.png` });

    // Keyboard: the bar's links are reachable and lead where they say.
    await bar.getByRole("link", { name: "Teams" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/teams$/);
    await expect(bar.getByRole("link", { name: "Teams" })).toHaveAttribute("aria-current", "page");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/teams-${phone}.png` });
    await page.goto("/dashboard");
    await settleTransitions(page);
    await page.screenshot({ path: `${dir}/dashboard-${phone}.png` });
    // Sign Out is still in the menu, after the links.
    await page.getByRole("banner").getByRole("button", { name: /^Menu/ }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
    await page.screenshot({ path: `${dir}/menu-${phone}.png` });
    await context.close();
  });
}

// docs/product.md#limits: the messages are 600 px tall on a wide screen with room for them (1280 x 900),
// less on a laptop's shorter one (1280 x 720), where the whole chat still fits under the top bar with the
// composer in the first screen; nothing but the list and the messages scrolls, so the thread's header stays
// below the bar.
for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1280, height: 900 },
]) {
  test(`on a wide screen (${viewport.width}x${viewport.height}) the chat fits under the top bar, composer in view`, async ({
    browser,
  }) => {
    const { me, id } = await pair(`desktop ${viewport.height}`);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInWithSession(page, me, `/messages?c=${id}`);
    await waitForLive(page);
    await expect(page.getByRole("region", { name: "Conversations" })).toBeVisible();
    await expect(tabBar(page)).toBeHidden();
    await expect(page.getByRole("link", { name: "All conversations" })).toBeHidden();
    const composer = page.getByLabel("Message", { exact: true });
    await expect(composer).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeInViewport({ ratio: 1 });
    await expect(thread(page).getByText("Message 24 about the Sunday relay")).toBeInViewport();
    const headerBelowBar = async () => {
      const bar = (await page.getByRole("banner").boundingBox())!;
      const title = (await page.locator("#thread-title").boundingBox())!;
      return title.y >= bar.y + bar.height;
    };
    expect(await headerBelowBar()).toBe(true);
    const log = (await thread(page).boundingBox())!;
    if (viewport.height >= 900) expect(Math.round(log.height)).toBe(600);
    else expect(log.height).toBeLessThan(600);
    // The page itself does not scroll: a wheel over the thread or a focused composer moves nothing under the bar.
    const scroll = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      view: window.innerHeight,
    }));
    expect(scroll.height).toBeLessThanOrEqual(scroll.view + 1);
    await sendText(page, "See you at the swim start");
    await page.mouse.wheel(0, 2000);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await headerBelowBar()).toBe(true);
    await expect(composer).toBeInViewport({ ratio: 1 });
    await expect(thread(page).getByText("See you at the swim start")).toBeInViewport();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${dir}/thread-desktop-${viewport.height}.png` });
    await context.close();
  });
}

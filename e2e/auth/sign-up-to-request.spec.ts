import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { adminDb, createAthlete } from "../support/db";
import { authLink, listMail, oneTimeCode, waitForMail } from "../support/mailbox";
import { createConfirmedUser, uniqueEmail } from "../support/users";
import { signIn } from "../teams/team-support";
import { alerts, saveScreen } from "./alerts";

// From a team page to a sent request on a phone: the team and leg named on every screen, "Check your
// email" as its own screen with the 6-digit code, and create-profile starting on the leg asked for.
const peregian = { id: "7ea40000-0000-4000-8000-000000000003", name: "Peregian Pace Setters" };
const intent = `/teams/${peregian.id}/join?as=runner`;
const ask = "Create your account to ask Peregian Pace Setters to take you as their runner.";

const screens = [
  { name: "pixel7", options: { ...devices["Pixel 7"] } },
  { name: "360", options: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } },
  { name: "desktop", options: { viewport: { width: 1280, height: 800 } } },
];

const requestsOf = async (email: string) =>
  adminDb()`select m.status, m.role from public.team_members m
       join public.profiles p on p.id = m.profile_id
       join auth.users u on u.id = p.auth_id
       where u.email = ${email} and m.team_id = ${peregian.id}`;

async function open(browser: Browser, options: (typeof screens)[number]["options"]) {
  const context = await browser.newContext({ ...options, reducedMotion: "reduce" });
  return context.newPage();
}

/** The document is never wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

for (const { name, options } of screens) {
  test(`${name}: team page to a sent request, by the 6-digit code, team and leg named throughout`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail(`code-${name}`);
    const page = await open(browser, options);

    // The team page: the join box on the first screen, starting on the leg the team urgently needs.
    await page.goto(`/teams/${peregian.id}`);
    const joinAs = page.getByLabel("Join as");
    await expect(joinAs).toHaveValue("runner");
    await expect(joinAs.locator("option", { hasText: "My specialty" })).toHaveCount(0);
    const button = page.getByRole("button", { name: "Request to Join Team" });
    await expect(button).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await saveScreen(page, `signup-team-page-${name}`, false);

    await button.click();
    await expect(page.getByText("Please sign in to join a team").first()).toBeVisible();
    await expect(page).toHaveURL(`/auth?view=sign_up&next=${encodeURIComponent(intent)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(page.getByText(ask)).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await saveScreen(page, `signup-form-${name}`, false);

    // By keyboard: type, Tab, type, Enter.
    await page.getByLabel("Email address").focus();
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.type("code-pass-1");
    const since = new Date();
    await page.keyboard.press("Enter");

    // "Check your email": its own screen, the address, the code box (focused), resend after the minute.
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "Check your email for the confirmation link" }),
    ).toContainText(email);
    await expect(
      page.getByText("Then confirm your address to ask Peregian Pace Setters to take you as their runner."),
    ).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveCount(0);
    const code = page.getByLabel("6-digit code");
    await expect(code).toBeFocused();
    await expect(page.getByRole("button", { name: "Resend the e-mail" })).toBeDisabled();
    await expect(page.getByText(/You can ask for another in \d+ s\./)).toBeVisible();
    await expect(page.getByRole("button", { name: "Wrong address? Change it" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Sign-up sets Auth's cookie, so the page is rendered again after the action; the title comes back
    // with that render (streamed metadata), and axe reads it then.
    await expect(page).toHaveTitle(/Noosa Tri Teams/);
    await expectNoAxeViolations(page);
    await saveScreen(page, `signup-check-email-${name}`, false);

    // A wrong code: a clear message, nothing signed in.
    await page.keyboard.type("000000");
    await page.keyboard.press("Enter");
    await expect(alerts(page)).toHaveText("That code is invalid or has expired. Please request a new one.");
    await expect(page).toHaveURL(/\/auth\?/);

    const mail = await waitForMail(email, { since, subject: /confirm/i });
    await code.fill("");
    await code.focus();
    await page.keyboard.type(oneTimeCode(mail));
    await page.keyboard.press("Enter");

    // Create profile: names the team and leg, starts on it; the optional parts folded away.
    await expect(page).toHaveURL(`/create-profile?next=${encodeURIComponent(intent)}`, { timeout: 20_000 });
    const main = page.getByRole("main");
    await expect(
      main.getByText(/one press sends your request to Peregian Pace Setters as their runner/),
    ).toBeVisible();
    await expect(main.getByLabel("Specialty")).toHaveValue("runner");
    await expect(main.locator("details")).not.toHaveAttribute("open");
    await expect(main.getByLabel("Swim time")).toBeHidden();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await saveScreen(page, `signup-create-profile-${name}`);

    // Required stays required: nothing is written without them.
    await main.getByRole("button", { name: "Create Profile" }).click();
    await expect(main.getByText("Please choose your experience level")).toBeVisible();
    expect(
      (
        await adminDb()`select count(*)::int as n from public.profiles p join auth.users u on u.id = p.auth_id where u.email = ${email}`
      )[0]!.n,
    ).toBe(0);

    await main.getByLabel("Username").fill(`code_${name}_${Date.now().toString(36)}`);
    await main.getByLabel("Full name").fill("Robin Runner");
    await main.getByLabel("Location").fill("Peregian Beach");
    await main.getByLabel("Experience level").selectOption({ label: "Intermediate" });
    await main.getByLabel("Goals").fill("Run the relay leg in under 50 minutes");
    await main.getByRole("button", { name: "Create Profile" }).click();

    // The confirm step: one press sends it, once.
    await expect(page).toHaveURL(intent, { timeout: 20_000 });
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Send your request to Peregian Pace Setters as a runner?",
      }),
    ).toBeVisible();
    expect(await requestsOf(email)).toEqual([]);
    await expectNoAxeViolations(page);
    await saveScreen(page, `signup-confirm-${name}`, false);
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your request has been sent!" })).toBeVisible();
    expect(await requestsOf(email)).toEqual([{ status: "pending", role: "runner" }]);
    await page.context().close();
  });
}

test("Check your email: wrong address goes back with it to correct, resend opens after the minute", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await open(browser, screens[0]!.options);
  await page.clock.install();
  const wrong = uniqueEmail("typo");
  const right = uniqueEmail("fixed");
  await page.goto(`/auth?view=sign_up&next=${encodeURIComponent(intent)}`);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email address").fill(wrong);
  await page.getByLabel("Password", { exact: true }).fill("typo-pass-1");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await expect(page.getByText(wrong)).toBeVisible();

  await page.getByRole("button", { name: "Wrong address? Change it" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(wrong);
  await expect(page.getByLabel("Email address")).toBeFocused();
  await page.getByLabel("Email address").fill(right);
  await page.getByLabel("Password", { exact: true }).fill("fixed-pass-1");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText(right)).toBeVisible();
  await waitForMail(right, { subject: /confirm/i });

  // Resend waits out Auth's minute per address, then sends a new e-mail with the same team in its link.
  const resend = page.getByRole("button", { name: "Resend the e-mail" });
  await expect(resend).toBeDisabled();
  await page.clock.fastForward(61_000);
  await expect(resend).toBeEnabled();
  await expect(page.getByText(/You can ask for another/)).toHaveCount(0);
  await resend.click();
  await expect(
    page.getByRole("status").filter({ hasText: `We sent a new e-mail to ${right}` }),
  ).toBeVisible();
  await expect(resend).toBeDisabled();
  await expect.poll(async () => (await listMail(right)).length).toBe(2);
  await expect(page).toHaveTitle(/Noosa Tri Teams/);
  const [newest] = await listMail(right);
  expect(new URL(authLink(newest!)).searchParams.get("next")).toBe(
    `/create-profile?next=${encodeURIComponent(intent)}`,
  );
  await expectNoAxeViolations(page);
  await saveScreen(page, "signup-resent-pixel7", false);
  await page.context().close();
});

test("the confirmation e-mail comes from Noosa Tri Teams, branded, with a plain-text part", async ({
  page,
}) => {
  // Auth hands it to the app's Send Email Hook (the e2e script turns it on), which sends HTML and text.
  const email = uniqueEmail("brand");
  await page.goto("/auth?view=sign_up");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("brand-pass-1");
  await page.getByRole("button", { name: "Sign up" }).click();
  const mail = await waitForMail(email, { subject: /confirm/i });
  expect(mail.from).toBe('"Noosa Tri Teams" <accounts@noosatriteams.com.au>');
  expect(mail.subject).toBe("Confirm your Noosa Tri Teams account");
  expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative/);
  expect(mail.html).toContain("Noosa Heads, Queensland");
  expect(mail.text).toMatch(
    /Confirm my address http:\/\/127\.0\.0\.1:\d+\/auth\/confirm\?\S*token_hash=\S+&type=email/,
  );
  expect(mail.text).toMatch(/\b\d{6}\b/);
  await page.setContent(mail.html);
  await saveScreen(page, "signup-confirmation-email", false);
});

for (const { name, options } of screens.slice(0, 2)) {
  test(`${name}: signed in, the join box is on the first screen; "My specialty" only for an athlete with one`, async ({
    browser,
  }) => {
    // An account without a profile has no specialty: it starts on the leg the team needs.
    const page = await open(browser, options);
    const account = await createConfirmedUser();
    await signIn(page, account, `/teams/${peregian.id}`);
    await expect(page.getByLabel("Join as")).toHaveValue("runner");
    await expect(page.getByRole("button", { name: "Request to Join Team" })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await saveScreen(page, `signup-team-viewer-${name}`, false);
    await page.context().close();

    const athlete = await createAthlete({ specialty: "swimmer" });
    const other = await open(browser, options);
    await signIn(other, athlete, `/teams/${peregian.id}`);
    const joinAs = other.getByLabel("Join as");
    await expect(joinAs).toHaveValue("");
    await expect(joinAs.locator("option:checked")).toHaveText("My specialty");
    await expect(other.getByRole("button", { name: "Request to Join Team" })).toBeInViewport();
    await other.context().close();
  });
}

for (const { name, options } of [screens[0]!, screens[2]!]) {
  test(`${name}: sign-in, magic link and code screens name the team and leg too`, async ({ browser }) => {
    const page = await open(browser, options);
    const views = [
      { view: "", heading: "Sign in", lead: "Sign in" },
      { view: "view=magic_link&", heading: "Sign in with a magic link", lead: "Get a sign-in link" },
      { view: "view=verify_otp&", heading: "Enter your code", lead: "Enter your code" },
    ];
    for (const { view, heading, lead } of views) {
      await page.goto(`/auth?${view}next=${encodeURIComponent(intent)}`);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText("Please sign in to join a team")).toBeVisible();
      await expect(
        page.getByText(`${lead} to ask Peregian Pace Setters to take you as their runner.`),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await saveScreen(page, `signup-${view.replace(/view=|&/g, "") || "sign_in"}-${name}`, false);
    }
    // Without a request, or for a team nobody may see, the screens read as before.
    await page.goto("/auth");
    await expect(page.getByText("Please sign in to join a team")).toHaveCount(0);
    await page.goto(
      `/auth?next=${encodeURIComponent("/teams/00000000-0000-4000-8000-000000000000/join?as=runner")}`,
    );
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(page.getByText("Please sign in to join a team")).toHaveCount(0);
    await page.context().close();
  });
}

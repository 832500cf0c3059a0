import { expect, test } from "@playwright/test";

const steps = ["Sign Up", "Create Profile", "Find Team Members", "Compete Together"];

test("landing page: hero, four steps, three use cases, four FAQ answers, closing call to action", async ({
  page,
}) => {
  await page.goto("/");
  const main = page.locator("main#main");
  const hero = main.getByRole("region", { name: /Find your Noosa triathlon team/ });
  await expect(hero.getByRole("link", { name: "Get Started Now" })).toHaveAttribute("href", "/auth");
  await expect(hero.getByRole("link", { name: "Browse Teams" })).toHaveAttribute("href", "/browse");

  const how = main.getByRole("region", { name: "How It Works" });
  await expect(how.getByRole("listitem")).toHaveCount(4);
  for (const [i, step] of steps.entries())
    await expect(how.getByRole("heading", { name: `Step ${i + 1}: ${step}` })).toBeVisible();

  const useCases = main.getByRole("region", { name: "Who it helps" }).getByRole("listitem");
  await expect(useCases).toHaveCount(3);
  await expect(useCases.nth(0)).toContainText(/withdrawn/i);
  await expect(useCases.nth(1)).toContainText(/one leg/i);
  await expect(useCases.nth(2)).toContainText(/elite|top in a single leg/i);

  await expect(
    main.getByRole("region", { name: "Everything you need to form a team fast" }).getByRole("listitem"),
  ).toHaveCount(6);

  // FAQ answers are closed until asked for, and open by keyboard.
  const faq = main.getByRole("region", { name: "Frequently Asked Questions" });
  await expect(faq.locator("details")).toHaveCount(4);
  const fee = faq.locator("summary", { hasText: "Is there a fee" });
  await expect(faq.getByText(/Creating an account, listing your profile/)).toBeHidden();
  await fee.focus();
  await page.keyboard.press("Enter");
  await expect(faq.getByText(/Creating an account, listing your profile/)).toBeVisible();

  const cta = main.getByRole("region", { name: "Ready to find your team?" });
  await expect(cta.getByRole("link", { name: "Join Free Today" })).toHaveAttribute("href", "/auth");
  await expect(cta).toContainText(/free service/);
  await expect(cta).toContainText(/registration is separate and paid to the/);
  await expect(cta).toContainText(/not affiliated/);
});

test("video gallery loads nothing from YouTube until play is pressed, then embeds youtube-nocookie", async ({
  page,
}) => {
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (/youtube|ytimg|googlevideo/.test(new URL(request.url()).hostname)) thirdParty.push(request.url());
  });
  // This machine is offline: answer the embed with an empty page instead of waiting on the network.
  await page.route(/youtube-nocookie\.com/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>player</title>" }),
  );

  await page.goto("/");
  const gallery = page.getByRole("region", { name: "Race day in Noosa" });
  const buttons = gallery.getByRole("button", { name: /^Play video: / });
  await expect(buttons).toHaveCount(3);
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(thirdParty).toEqual([]);

  await buttons.first().focus();
  await page.keyboard.press("Enter");
  const frame = gallery.locator("iframe");
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute(
    "src",
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1/,
  );
  await expect(frame).toHaveAttribute("title", /.+/);
  await expect(gallery.getByRole("button", { name: /^Play video: / })).toHaveCount(2);
  await expect.poll(() => thirdParty.length).toBeGreaterThan(0);
});

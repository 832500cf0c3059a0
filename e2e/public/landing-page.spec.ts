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

// No unverified video id ships (lib/video-ids.ts is empty): each card links to a YouTube search for its
// topic in a new tab. The click-to-load player for cards with an id is unit-tested
// (components/landing/video-gallery.test.tsx).
for (const [path, region, topics] of [
  [
    "/",
    "Race day in Noosa",
    ["Noosa Triathlon swim start", "Noosa Triathlon bike course", "Noosa Triathlon relay finish"],
  ],
  ["/about-noosa", "Watch the course", ["Noosa Triathlon course", "Noosa National Park coastal walk"]],
] as const) {
  test(`${path}: video cards open a YouTube search in a new tab and load nothing from YouTube`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const thirdParty: string[] = [];
    context.on("request", (request) => {
      if (/youtube|ytimg|googlevideo/.test(new URL(request.url()).hostname)) thirdParty.push(request.url());
    });
    // This machine is offline: answer YouTube with an empty page instead of waiting on the network.
    await context.route(/youtube\.com/, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>YouTube</title>" }),
    );

    await page.goto(path);
    const gallery = page.getByRole("region", { name: region });
    await expect(gallery.getByText("Each card opens YouTube in a new tab.")).toBeVisible();
    const links = gallery.getByRole("link", { name: /\(opens YouTube in a new tab\)$/ });
    await expect(links).toHaveCount(topics.length);
    for (const [i, topic] of topics.entries()) {
      const href = `https://www.youtube.com/results?search_query=${topic.replaceAll(" ", "+")}`;
      await expect(links.nth(i)).toHaveAttribute("href", href);
      await expect(links.nth(i)).toHaveAttribute("target", "_blank");
      await expect(links.nth(i)).toHaveAttribute("rel", "noopener noreferrer");
      await expect(links.nth(i)).toHaveAccessibleName(
        /^Search YouTube for .+ \(opens YouTube in a new tab\)$/,
      );
    }
    await expect(gallery.getByRole("button", { name: /^Play video: / })).toHaveCount(0);
    await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(thirdParty).toEqual([]);

    // By keyboard: the search opens in a new tab and this page stays.
    const tab = context.waitForEvent("page");
    await links.first().focus();
    await page.keyboard.press("Enter");
    const opened = await tab;
    await expect(opened).toHaveURL(/^https:\/\/www\.youtube\.com\/results\?search_query=/);
    expect(new URL(opened.url()).searchParams.get("search_query")).toBe(topics[0]);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // axe runs on both pages in public-pages.spec.ts.
  });
}

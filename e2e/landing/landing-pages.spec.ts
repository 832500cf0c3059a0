import { expect, test } from "@playwright/test";
import { landingPages } from "../../lib/content/landing-pages/index.ts";
import { absoluteUrl, site } from "../../lib/site.ts";
import { expectNoAxeViolations } from "../support/axe.ts";

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(body: Buffer) {
  expect(body.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

for (const page of landingPages) {
  const path = `/${page.slug}`;

  test.describe(path, () => {
    test("renders its own heading, metadata and calls to action", async ({ page: tab }) => {
      const response = await tab.goto(path);
      expect(response?.status()).toBe(200);

      await expect(tab).toHaveTitle(`${page.title} | ${site.name}`);
      await expect(tab.locator("h1")).toHaveCount(1);
      await expect(tab.locator("h1")).toHaveText(page.h1);

      const head = tab.locator("head");
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", absoluteUrl(path));
      await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", page.description);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
        "content",
        `${page.title} | ${site.name}`,
      );
      await expect(head.locator('meta[property="og:description"]')).toHaveAttribute(
        "content",
        page.description,
      );
      await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", absoluteUrl(path));
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
        "content",
        "summary_large_image",
      );

      const main = tab.locator("main");
      await expect(main.locator('a[href="/auth"]').first()).toBeVisible();
      await expect(main.locator('a[href^="/browse"]').first()).toBeVisible();
      for (const slug of page.related) await expect(main.locator(`a[href="/${slug}"]`)).toHaveCount(1);

      // Headings never skip a level (h1 → h2 → h3 …).
      const levels = await main
        .locator("h1, h2, h3, h4, h5, h6")
        .evaluateAll((els) => els.map((el) => Number(el.tagName[1])));
      expect(levels[0]).toBe(1);
      levels
        .slice(1)
        .forEach((level, i) => expect(level, `heading ${i + 2}`).toBeLessThanOrEqual(levels[i]! + 1));

      // FAQPage structured data mirrors the visible questions.
      const jsonLd = await tab.locator('script[type="application/ld+json"]').allTextContents();
      const faqPage = jsonLd
        .map(
          (text) => JSON.parse(text) as { "@graph"?: { "@type": string; mainEntity?: { name: string }[] }[] },
        )
        .flatMap((doc) => doc["@graph"] ?? [])
        .find((node) => node["@type"] === "FAQPage");
      expect(faqPage?.mainEntity?.map((q) => q.name)).toEqual(page.faq.map((q) => q.question));
      for (const item of page.faq) await expect(main.getByText(item.question, { exact: true })).toBeVisible();

      await expectNoAxeViolations(tab);
    });

    test("has a 1200×630 PNG social image", async ({ page: tab, request }) => {
      await tab.goto(path);
      const content = await tab.locator('meta[property="og:image"]').getAttribute("content");
      expect(content).toBeTruthy();
      // og:image is absolute on the production host; fetch the same path from the server under test.
      const imageUrl = new URL(content!);
      expect(imageUrl.pathname.startsWith(`${path}/opengraph-image`)).toBe(true);
      const image = await request.get(imageUrl.pathname + imageUrl.search);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
      expect(pngSize(await image.body())).toEqual({ width: 1200, height: 630 });
      await expect(tab.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
      await expect(tab.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
    });
  });
}

test("the hero call to action is reachable by keyboard", async ({ page }) => {
  await page.goto(`/${landingPages[1]!.slug}`);
  const cta = page.locator("main").getByRole("link", { name: "Create your free profile" });
  for (let i = 0; i < 40 && !(await cta.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(cta).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth$/);
});

test("fits a 360 px wide phone screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const landing of landingPages.slice(0, 4)) {
    await page.goto(`/${landing.slug}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, landing.slug).toBeLessThanOrEqual(0);
  }
});

for (const path of ["/find-a-triathlon-team-sydney", "/urgent-relay-team-noosa-2", "/landing"]) {
  test(`unknown single-segment path ${path} is a 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    // Next adds its own noindex to not-found responses; the page may add another, so look for any.
    await expect(page.locator('meta[name="robots"][content*="noindex"]').first()).toBeAttached();
  });
}

import { expect, test } from "@playwright/test";
import { absoluteUrl, site } from "../../lib/site.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { publicRoutes } from "./public-routes.ts";

for (const route of publicRoutes) {
  test.describe(route.path, () => {
    test("renders the page's content with title, canonical and social tags", async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${route.title} | ${site.name}`);

      const main = page.locator("main#main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(route.h1);
      for (const text of route.texts) await expect(main.getByText(text).first()).toBeVisible();
      for (const link of route.links) {
        await expect(main.getByRole("link", { name: link.name, exact: true }).first()).toHaveAttribute(
          "href",
          link.href,
        );
      }

      const head = page.locator("head");
      // Next writes the home canonical without the trailing slash.
      const canonical = route.path === "/" ? absoluteUrl("/").replace(/\/$/, "") : absoluteUrl(route.path);
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
      await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
        "content",
        `${route.title} | ${site.name}`,
      );
      // A route's generated card; /browse names its own at a fixed address (lib/seo/browse-metadata.ts), as
      // visitors are shown a copy served from another route.
      await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        /opengraph-image|\/browse\/social-card\.png$/,
      );
      await expect(head.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
      await expect(head.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
        "content",
        "summary_large_image",
      );
      await expect(head.locator('meta[name="robots"]')).toHaveCount(0);
    });

    test("has no WCAG 2.2 A/AA violations", async ({ page }) => {
      await page.goto(route.path);
      await expectNoAxeViolations(page);
    });
  });
}

test("training resources: six categories of four Coming Soon items, each linking to /browse", async ({
  page,
}) => {
  await page.goto("/training-resources");
  const categories = page.locator("main section");
  await expect(categories).toHaveCount(6);
  for (const category of await categories.all()) {
    await expect(category.getByRole("link")).toHaveCount(4);
    await expect(category.getByText("Coming Soon", { exact: true })).toHaveCount(4);
    for (const link of await category.getByRole("link").all())
      await expect(link).toHaveAttribute("href", "/browse");
  }
});

test("an unknown path gives the themed 404 page, marked noindex", async ({ page, request }) => {
  const response = await page.goto("/no-such-page-here");
  expect(response?.status()).toBe(404);
  const main = page.locator("main#main");
  await expect(main.getByText("404", { exact: true })).toBeVisible();
  await expect(main.getByText("We can't find that page. Try one of the options below.")).toBeVisible();
  await expect(main.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Register Interest" })).toHaveAttribute(
    "href",
    "/register-interest",
  );
  // Exactly one robots tag (Next marks every 404 noindex itself; a second, contradicting one was set too).
  await expect(page.locator('meta[name="robots"]')).toHaveCount(1);
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const html = await (await request.get("/no-such-page-here")).text();
  expect(html.match(/<meta name="robots"[^>]*>/g)).toEqual(['<meta name="robots" content="noindex"/>']);
  await expectNoAxeViolations(page);
});

test("a nested unknown path is a 404 too", async ({ request }) => {
  const response = await request.get("/about-noosa/not-here");
  expect(response.status()).toBe(404);
});

import { expect, test, type Page } from "@playwright/test";
import { landingPages } from "../../lib/content/landing-pages/index.ts";
import { absoluteUrl, event, site } from "../../lib/site.ts";
import { publicRoutes } from "./public-routes.ts";

type Ld = Record<string, unknown> & { "@type"?: string };

async function jsonLd(page: Page): Promise<Ld[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text): Ld[] => {
    const value = JSON.parse(text) as Ld | Ld[];
    return Array.isArray(value) ? value : [value];
  });
}

function pngSize(body: Buffer) {
  expect(body.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test("security headers arrive on pages and metadata routes; no X-Powered-By", async ({ request }) => {
  for (const path of ["/", "/about-noosa", "/sitemap.xml", "/no-such-page"]) {
    const headers = (await request.get(path)).headers();
    const csp = headers["content-security-policy"] ?? "";
    for (const directive of [
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp, `${path} CSP`).toContain(directive);
    }
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com");
    expect(headers["strict-transport-security"], path).toMatch(/max-age=\d+/);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
});

test("Organization and WebSite JSON-LD on the home page, and only there", async ({ page }) => {
  await page.goto("/");
  const data = await jsonLd(page);
  const org = data.find((d) => d["@type"] === "Organization");
  const website = data.find((d) => d["@type"] === "WebSite");
  expect(org).toMatchObject({ name: site.name, url: absoluteUrl("/"), email: site.contactEmail });
  expect(org?.sameAs).toEqual(site.social.map((s) => s.href));
  expect(website).toMatchObject({ name: site.name, url: absoluteUrl("/") });
  // Search engines read the site's own data from its home page; other pages do not repeat it.
  for (const route of publicRoutes.filter((r) => r.path !== "/")) {
    await page.goto(route.path);
    const types = (await jsonLd(page)).map((d) => d["@type"]);
    expect(types, route.path).not.toContain("Organization");
    expect(types, route.path).not.toContain("WebSite");
  }
});

test("FAQPage JSON-LD on the landing page matches the four visible questions", async ({ page }) => {
  await page.goto("/");
  const faq = (await jsonLd(page)).find((d) => d["@type"] === "FAQPage") as {
    mainEntity: { name: string; acceptedAnswer: { text: string } }[];
  };
  expect(faq.mainEntity).toHaveLength(4);
  const visible = await page.locator("main details summary").allInnerTexts();
  expect(visible.map((q) => q.replace(/\s*\+\s*$/, "").trim())).toEqual(faq.mainEntity.map((q) => q.name));
  for (const q of faq.mainEntity) expect(q.acceptedAnswer.text.length).toBeGreaterThan(40);
});

test("SportsEvent JSON-LD on /about-noosa carries the event facts", async ({ page }) => {
  await page.goto("/about-noosa");
  const sportsEvent = (await jsonLd(page)).find((d) => d["@type"] === "SportsEvent");
  expect(sportsEvent).toMatchObject({ name: event.name, sport: "Triathlon", url: event.organiserUrl });
  expect(String(sportsEvent?.description)).toContain("1.5 km swim, 40 km bike, 10 km run");
  expect(String(sportsEvent?.description)).toContain(String(event.firstHeld));
});

test("sitemap.xml lists every public route and the twelve landing pages", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const expected = [
    ...publicRoutes.map((r) => absoluteUrl(r.path)),
    ...landingPages.map((p) => absoluteUrl(`/${p.slug}`)),
  ];
  expect(landingPages).toHaveLength(12);
  // Public athlete profiles are listed too (added by the profiles work); everything else is exactly the pages.
  // Open teams' public pages too (docs/product.md#public-team-pages).
  const profilePattern = new RegExp(`^${absoluteUrl("/profile/")}[0-9a-f-]{36}$`);
  const teamPattern = new RegExp(`^${absoluteUrl("/teams/")}[0-9a-f-]{36}$`);
  // Upcoming session dates anyone may join, likewise from the database.
  const sessionPattern = new RegExp(`^${absoluteUrl("/sessions/")}[0-9a-f-]{36}$`);
  const fromDatabase = [profilePattern, teamPattern, sessionPattern];
  expect(urls.filter((url) => !fromDatabase.some((p) => p.test(url!))).sort()).toEqual(
    expected.sort(),
  );
});

test("robots.txt allows the site, disallows protected routes and points to the sitemap", async ({
  request,
}) => {
  const text = await (await request.get("/robots.txt")).text();
  expect(text).toContain("User-Agent: *");
  expect(text).toContain("Allow: /");
  for (const path of [
    "/dashboard",
    "/messages",
    "/teams$",
    "/teams/*/edit",
    "/teams/*/join",
    "/edit-profile",
    "/create-profile",
    "/profile$",
  ]) {
    expect(text).toContain(`Disallow: ${path}\n`);
  }
  expect(text).toContain(`Sitemap: ${absoluteUrl("/sitemap.xml")}`);
});

test("each public page's og:image is a 1200×630 PNG served by the app", async ({ page, request }) => {
  const seen = new Set<string>();
  for (const route of publicRoutes) {
    await page.goto(route.path);
    const content = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(content, route.path).toBeTruthy();
    // The tag holds the production URL; fetch the same path from the server under test.
    const { pathname, search } = new URL(content!);
    seen.add(pathname);
    const image = await request.get(pathname + search);
    expect(image.status(), pathname).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await image.body())).toEqual({ width: 1200, height: 630 });
  }
  expect(seen.size, "every page has its own card").toBe(publicRoutes.length);
});

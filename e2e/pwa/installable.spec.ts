import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { createAthlete } from "../support/db";
import { signInWithSession } from "../support/users";

// The site's service worker is what these specs test (the suite blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until public/sw.js is active and controls the page (reloading once if it was not yet). */
async function controlledBySiteWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

test("the manifest names the app and its icons, plain and maskable, at their stated sizes", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: "Noosa Tri Teams",
    short_name: "Tri Teams",
    start_url: "/dashboard",
    display: "standalone",
    theme_color: "#072a48",
    background_color: "#ffffff",
  });
  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const { width, height } = pngSize(await response.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    purposes.add(icon.purpose);
  }
  expect([...purposes].sort()).toEqual(["any", "maskable"]);
  expect(manifest.icons.some((i: { sizes: string }) => i.sizes === "512x512")).toBe(true);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    "href",
    "/icons/apple-touch-icon.png",
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#072a48");
});

test("the service worker is served uncached, keeps only the offline page and shows it for a page it cannot reach", async ({
  page,
  context,
  request,
}) => {
  const sw = await request.get("/sw.js");
  expect(sw.headers()["content-type"]).toContain("application/javascript");
  expect(sw.headers()["cache-control"]).toBe("no-cache, no-store, must-revalidate");
  expect(sw.headers()["content-security-policy"]).toBe("default-src 'self'; script-src 'self'");

  // Signed in, through pages that must never be kept: the dashboard, messages, settings.
  const athlete = await createAthlete();
  await signInWithSession(page, athlete, "/dashboard");
  await controlledBySiteWorker(page);
  for (const path of ["/messages", "/settings", "/dashboard"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  const cached = await page.evaluate(async () => {
    const all: string[] = [];
    for (const name of await caches.keys()) {
      for (const entry of await (await caches.open(name)).keys()) all.push(new URL(entry.url).pathname);
    }
    return all;
  });
  expect(cached).toEqual(["/offline"]);

  await context.setOffline(true);
  await page.goto("/teams").catch(() => undefined);
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  // Shown at the address that was asked for, so "Try again" reloads it.
  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "");
  await page.screenshot({ path: test.info().outputPath("offline-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: test.info().outputPath("offline-360.png"), fullPage: true });
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeHidden();
  await expect(page).toHaveURL(/\/teams$/);
});

test("the offline page passes axe", async ({ page }) => {
  await page.goto("/offline");
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expectNoAxeViolations(page);
});

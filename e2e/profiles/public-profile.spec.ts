import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO_PASSWORD, signInWithSession } from "../support/users";

// Seeded demo profiles (supabase/seed.sql): 1 = Mia, public; 8 = Ethan, private.
const mia = "e0000000-0000-4000-8000-000000000001";
const ethanPrivate = "e0000000-0000-4000-8000-000000000008";
const jack = "e0000000-0000-4000-8000-000000000002";

test("a public profile is readable signed out, with every section of its page", async ({ page }) => {
  const response = await page.goto(`/profile/${mia}`);
  expect(response?.status()).toBe(200);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Mia Lawson" })).toBeVisible();
  await expect(main.getByText("@mia_swims")).toBeVisible();
  for (const section of [
    "About",
    "Athletic Information",
    "Location",
    "Goals",
    "Target Times",
    "Achievements",
  ]) {
    await expect(main.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
  }
  await expect(main.getByText("Noosa Heads")).toBeVisible();
  await expect(main.getByText("21:30")).toBeVisible();
  await expect(main.getByText("Queensland masters 1500 m finalist")).toBeVisible();
  // Legs without a target time say so.
  await expect(main.getByText("Not specified")).toHaveCount(2);
  await expect(page).toHaveTitle("Mia Lawson (@mia_swims) | Noosa Tri Teams");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /Advanced swimmer from Noosa Heads/,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/profile/${mia}$`));
  await expectNoAxeViolations(page);
});

test("on their own public profile an athlete is offered Edit, not Send Message, Report or Block", async ({
  page,
}) => {
  await signInWithSession(page, { email: "mia@example.com", password: DEMO_PASSWORD }, `/profile/${mia}`);
  const main = page.getByRole("main");
  // The page is the shared copy: the switch happens in the browser, once it has read the session.
  await expect(main.getByRole("link", { name: "Edit Your Profile" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Send Message" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: /Report this profile/ })).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Block" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await main.getByRole("link", { name: "Edit Your Profile" }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);

  // Anyone else's profile still offers all three.
  await page.goto(`/profile/${jack}`);
  await expect(main.getByRole("button", { name: "Send Message" })).toBeVisible();
  await expect(main.getByRole("button", { name: /Report this profile/ })).toBeVisible();
  await expect(main.getByRole("button", { name: "Block" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Edit Your Profile" })).toHaveCount(0);
});

for (const [name, id] of <[string, string][]>[
  ["a private profile", ethanPrivate],
  ["a missing profile", "e0000000-0000-4000-8000-0000000000ff"],
  ["a malformed id", "not-a-uuid'--"],
]) {
  test(`${name} answers 404 "Profile Not Found"`, async ({ page }) => {
    const response = await page.goto(`/profile/${encodeURIComponent(id)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Profile Not Found" })).toBeVisible();
    await expect(page.getByText("This profile doesn't exist or is not public.")).toBeVisible();
    await expect(page.getByText("Ethan Brooks")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute("content", /noindex/);
    await expectNoAxeViolations(page);
  });
}

test("the social card is a 1200×630 PNG naming the athlete", async ({ page, request }) => {
  await page.goto(`/profile/${mia}`);
  const image = await page.locator('meta[property="og:image"]').first().getAttribute("content");
  expect(image).toContain(`/profile/${mia}/opengraph-image`);
  await expect(page.locator('meta[property="og:image:width"]').first()).toHaveAttribute("content", "1200");
  await expect(page.locator('meta[property="og:image:height"]').first()).toHaveAttribute("content", "630");

  const response = await request.get(new URL(image!).pathname + new URL(image!).search);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  const png = await response.body();
  // PNG signature, then the IHDR chunk: width and height as big-endian 32-bit integers.
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("the sitemap lists public profiles and not private ones", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml).toContain(`/profile/${mia}</loc>`);
  expect(xml).not.toContain(ethanPrivate);
});

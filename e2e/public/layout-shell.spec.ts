import { expect, test } from "@playwright/test";
import { site, teamFinderLandingPath } from "../../lib/site.ts";
import { expectNoAxeViolations } from "../support/axe.ts";

const footerSections = {
  "Quick Links": ["/auth", "/browse", "/about-noosa", "/training-resources"],
  "Find a Team Fast": [
    teamFinderLandingPath,
    "/urgent-triathlon-team-noosa",
    "/need-triathlon-teammates-now",
    "/emergency-triathlon-team-matching",
  ],
  Support: ["/browse", "/browse", "/privacy-policy", "/terms-of-service"],
};

test("header: logo home link, Home, Browse, Sign In, and a logo animation on a 7 s cycle", async ({
  page,
}) => {
  // The suite runs under reduced motion (playwright.config.ts); this is a visitor who did not ask for it.
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/about-noosa");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: `${site.name} home` })).toHaveAttribute("href", "/");
  const nav = header.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(nav.getByRole("link", { name: "Browse", exact: true })).toHaveAttribute("href", "/browse");
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  await expect(header.locator('[data-slot="weather-badge"]')).toHaveCount(1);
  // Public pages never toast, so the Toaster (and sonner with it) is not loaded here; it mounts on the
  // first toast (asserted in e2e/profiles/create-and-edit.spec.ts).
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("region", { name: /^Notifications/ })).toHaveCount(0);

  const animated = header.locator("svg .logo-leg").first();
  await expect(animated).toHaveCSS("animation-duration", "7s");
  await expect(animated).toHaveCSS("animation-iteration-count", "infinite");
});

test("the logo animation stops under prefers-reduced-motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const animated = page.getByRole("banner").locator("svg .logo-leg").first();
  await expect(animated).toHaveCSS("animation-name", "none");
});

test("footer: the four sections with exactly the product's links, contacts, socials and credit", async ({
  page,
}) => {
  await page.goto("/privacy-policy");
  const footer = page.getByRole("contentinfo");
  for (const [title, hrefs] of Object.entries(footerSections)) {
    const section = footer.getByRole("region", { name: title });
    const found = await section
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(found, title).toEqual(hrefs);
  }
  await expect(footer.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/browse");
  await expect(footer.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/browse");

  const contact = footer.getByRole("region", { name: "Contact Us" });
  await expect(contact.getByRole("link", { name: site.contactEmail })).toHaveAttribute(
    "href",
    `mailto:${site.contactEmail}`,
  );
  await expect(
    contact.getByRole("link", { name: site.url.replace(/^https?:\/\//, ""), exact: true }),
  ).toHaveAttribute("href", site.url);
  await expect(contact.getByText(site.addressLine)).toBeVisible();
  const socials = await contact
    .getByRole("list", { name: "Social media" })
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(socials).toEqual(site.social.map((s) => s.href));

  await expect(footer.getByText(site.tagline)).toBeVisible();
  await expect(footer.getByRole("link", { name: site.agency.name })).toHaveAttribute(
    "href",
    site.agency.href,
  );
  await expect(footer.getByText(`© ${new Date().getFullYear()} ${site.name}`)).toBeVisible();
});

test("skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/terms-of-service");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test.describe("mobile navigation", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("a dialog-like menu: focus moves in, Tab stays in it, Escape closes back to the button", async ({
    page,
  }) => {
    await page.goto("/about-noosa");
    const toggle = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    const home = nav.getByRole("link", { name: "Home", exact: true });
    const browse = nav.getByRole("link", { name: "Browse", exact: true });
    const signIn = nav.getByRole("link", { name: "Sign In" });
    const backdrop = page.getByTestId("mobile-nav-backdrop");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAttribute("aria-controls", "site-nav");
    await expect(browse).toBeHidden();
    await expect(backdrop).toHaveCount(0);

    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(home).toBeFocused();
    // The page behind is covered and dimmed, and does not scroll under the menu.
    await expect(backdrop).toBeVisible();
    expect(await page.evaluate(() => document.elementFromPoint(195, 780)?.getAttribute("data-testid"))).toBe(
      "mobile-nav-backdrop",
    );
    await expect(backdrop).toHaveCSS("background-color", /[ ,]0\.6\)$/); // dimmed, not opaque
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");
    await expect(page.locator("#site-nav")).toHaveCSS("box-shadow", /rgba?\(/);
    await expectNoAxeViolations(page);

    // Tab runs through the links and wraps to the button; Shift+Tab goes back the other way.
    await page.keyboard.press("Tab");
    await expect(browse).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(signIn).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(signIn).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(browse).toBeHidden();
    await expect(backdrop).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");

    // Keyboard all the way: open with Space, Tab to a link, follow it; the menu closes on the new page.
    await page.keyboard.press("Space");
    await expect(home).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(browse).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/browse$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(backdrop).toHaveCount(0);
  });

  test("works by touch; a tap on the dimmed page closes it", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.tap();
    const signIn = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" });
    await expect(signIn).toBeVisible();
    await toggle.tap();
    await expect(signIn).toBeHidden();

    await toggle.tap();
    await expect(signIn).toBeVisible();
    await page.getByTestId("mobile-nav-backdrop").tap({ position: { x: 195, y: 700 } });
    await expect(signIn).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

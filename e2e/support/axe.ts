import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** Fails with the list of rule ids and targets when the page has any WCAG 2.2 A/AA violation. */
export async function expectNoAxeViolations(page: Page) {
  await settleTransitions(page);
  // After a server action the page's content and its <title> are refreshed in separate steps; axe run in
  // between reports a missing title. Wait for the title first (a page that never gets one still fails).
  await expect(page).toHaveTitle(/\S/, { timeout: 5_000 });
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, "axe WCAG 2.2 A/AA violations").toEqual([]);
}

// A toast fading in is half transparent; axe blends its text into the background and reports a contrast
// failure the finished toast does not have (and a screenshot shows it half there). Wait (briefly) for finite
// animations and transitions to end; endless ones, such as the logo's, are left running.
export async function settleTransitions(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 2000 },
    )
    .catch(() => undefined);
}

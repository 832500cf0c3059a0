import { expect, test } from "@playwright/test";
import { landingPages } from "../../lib/content/landing-pages/index.ts";

type PageText = { slug: string; blocks: string[]; text: string };

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();
const words = (text: string) => normalise(text).match(/[a-z0-9’']+/g) ?? [];

function shingles(text: string, size = 3): Set<string> {
  const w = words(text);
  const set = new Set<string>();
  for (let i = 0; i + size <= w.length; i++) set.add(w.slice(i, i + size).join(" "));
  return set;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const item of a) if (b.has(item)) shared++;
  return shared / (a.size + b.size - shared);
}

// Thin near-duplicates are what search engines punish: this reads the rendered pages, not the content module,
// so copy added by components (not only by lib/content) is checked too.
test("the twelve landing pages share no paragraph and stay textually distinct", async ({ page }) => {
  test.setTimeout(90_000);
  const pages: PageText[] = [];
  for (const landing of landingPages) {
    const response = await page.goto(`/${landing.slug}`);
    expect(response?.status()).toBe(200);
    const main = page.locator("main");
    // Body copy: paragraphs, list items and FAQ entries. Navigation lists (related guides) name other pages on
    // purpose and stay in the similarity measure below; the live section (#live-now: the urgent teams, the
    // counts, or the alerts offer when no team is urgent) is the same data on every page by design and is left
    // out of both.
    const blocks = await main
      .locator("p, li, dt, dd")
      .evaluateAll((els) =>
        els
          .filter((el) => !el.closest("nav") && !el.closest("#live-now"))
          .map((el) => (el as HTMLElement).innerText),
      );
    // The similarity measure reads the page's own copy: the live section (#live-now) is data, the same on every
    // landing page and as long as the number of urgent teams, so it is hidden while it reads.
    const text = await main.evaluate((el) => {
      const live = el.querySelector<HTMLElement>("#live-now");
      if (live) live.style.display = "none";
      const copy = (el as HTMLElement).innerText;
      if (live) live.style.display = "";
      return copy;
    });
    pages.push({ slug: landing.slug, blocks, text });
  }

  const owner = new Map<string, string>();
  for (const { slug, blocks } of pages) {
    expect(blocks.length, slug).toBeGreaterThan(15);
    for (const block of blocks) {
      // Short labels such as "Swim 1.5 km" repeat by design; anything sentence-length must be unique.
      if (words(block).length < 6) continue;
      const key = normalise(block);
      const first = owner.get(key);
      expect(first === undefined || first === slug, `"${block}" appears on /${first} and /${slug}`).toBe(
        true,
      );
      owner.set(key, slug);
    }
  }

  const sets = pages.map((p) => shingles(p.text));
  let highest = { score: 0, pair: "" };
  for (let a = 0; a < pages.length; a++) {
    for (let b = a + 1; b < pages.length; b++) {
      const score = jaccard(sets[a]!, sets[b]!);
      if (score > highest.score) highest = { score, pair: `${pages[a]!.slug} ~ ${pages[b]!.slug}` };
    }
  }
  console.log(
    `highest pairwise 3-word-shingle Jaccard similarity: ${highest.score.toFixed(3)} (${highest.pair})`,
  );
  expect(highest.score, highest.pair).toBeLessThan(0.1);
});

import { describe, expect, it } from "vitest";
import { teamFinderLandingPath } from "@/lib/site";
import { getLandingPage, landingPages, landingPath, type LandingPage } from "./index.ts";

// The landing routes docs/product.md#routes lists, with the {token} route resolved through lib/site.ts.
const specRoutes = [
  teamFinderLandingPath,
  "/urgent-triathlon-team-noosa",
  "/need-triathlon-teammates-now",
  "/individual-entries-sold-out-alternatives",
  "/relay-team-spots-closing-soon",
  "/emergency-triathlon-team-matching",
  "/immediate-team-spots-available",
  "/urgent-relay-team-noosa",
  "/last-chance-noosa-triathlon-team",
  "/quick-team-matching-noosa",
  "/same-day-team-registration",
  "/urgent-teammate-needed-noosa",
];

function bodyBlocks(page: LandingPage): string[] {
  return [
    ...page.intro,
    ...page.sections.flatMap((s) => [...s.paragraphs, ...(s.list?.items ?? [])]),
    ...page.faq.map((f) => f.answer),
    page.cta.text,
  ];
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9’']+/g) ?? [];

function shingles(page: LandingPage, size = 5): Set<string> {
  const set = new Set<string>();
  for (const block of bodyBlocks(page)) {
    const w = words(block);
    for (let i = 0; i + size <= w.length; i++) set.add(w.slice(i, i + size).join(" "));
  }
  return set;
}

describe("landing pages content", () => {
  it("has exactly the twelve spec routes, each slug unique and without a leading slash", () => {
    expect(landingPages.map(landingPath).sort()).toEqual([...specRoutes].sort());
    expect(new Set(landingPages.map((p) => p.slug)).size).toBe(12);
    for (const page of landingPages) expect(page.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("keeps titles within 60 and descriptions within 160 characters, all distinct", () => {
    for (const page of landingPages) {
      expect(page.title.length, page.slug).toBeLessThanOrEqual(60);
      expect(page.description.length, page.slug).toBeLessThanOrEqual(160);
      expect(page.description.length, page.slug).toBeGreaterThanOrEqual(70);
    }
    for (const key of ["title", "description", "h1", "eyebrow"] as const) {
      expect(new Set(landingPages.map((p) => p[key])).size, key).toBe(12);
    }
  });

  it("looks pages up by slug and returns undefined for anything else", () => {
    expect(getLandingPage("urgent-relay-team-noosa")?.h1).toMatch(/relay/i);
    expect(getLandingPage(teamFinderLandingPath.slice(1))?.slug).toBe(teamFinderLandingPath.slice(1));
    expect(getLandingPage("browse")).toBeUndefined();
    expect(getLandingPage("/urgent-relay-team-noosa")).toBeUndefined();
  });

  it("gives every page 350–600 words of body, an FAQ and a call to action", () => {
    for (const page of landingPages) {
      const count = words(bodyBlocks(page).join(" ")).length;
      expect(count, page.slug).toBeGreaterThanOrEqual(350);
      expect(count, page.slug).toBeLessThanOrEqual(600);
      expect(page.faq.length, page.slug).toBeGreaterThanOrEqual(3);
      expect(page.cta.heading && page.cta.text, page.slug).toBeTruthy();
      expect(page.sections.length, page.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it("says on every page, in its own words, that matching is free, unofficial, and entries are paid to the organiser", () => {
    for (const page of landingPages) {
      const text = bodyBlocks(page).join(" ");
      expect(text, page.slug).toMatch(/organiser/);
      expect(text, page.slug).toMatch(/\bfree\b|no-cost|costs nothing|never asks for payment/i);
      expect(text, page.slug).toMatch(
        /affiliated|independent|unconnected|not connected|no connection|not part of|no (official )?role|no part|unofficial/i,
      );
      expect(text, page.slug).toMatch(/\b(fee|paid|pay|pays|payment)\b/i);
    }
  });

  it("never repeats a block of copy or a five-word run across pages", () => {
    const seen = new Map<string, string>();
    for (const page of landingPages) {
      for (const block of bodyBlocks(page)) {
        expect(seen.get(block), `"${block}" in ${page.slug}`).toBeUndefined();
        seen.set(block, page.slug);
      }
    }
    const sets = landingPages.map((page) => shingles(page));
    for (let a = 0; a < sets.length; a++) {
      for (let b = a + 1; b < sets.length; b++) {
        const shared = [...sets[a]!].filter((s) => sets[b]!.has(s));
        expect(shared, `${landingPages[a]!.slug} vs ${landingPages[b]!.slug}`).toEqual([]);
      }
    }
  });

  it("links each page to three or more existing sibling pages", () => {
    for (const page of landingPages) {
      expect(page.related.length, page.slug).toBeGreaterThanOrEqual(3);
      for (const slug of page.related) {
        expect(getLandingPage(slug), `${page.slug} → ${slug}`).toBeDefined();
        expect(slug, page.slug).not.toBe(page.slug);
      }
    }
    // Every page is reachable from at least one other page.
    const linked = new Set(landingPages.flatMap((p) => p.related));
    for (const page of landingPages) expect(linked.has(page.slug), page.slug).toBe(true);
  });
});

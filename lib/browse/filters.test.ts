import { describe, expect, it } from "vitest";
import { browseHref, pageRange, parseFilters } from "./filters";

describe("browse filters", () => {
  it("reads known values and ignores the rest", () => {
    expect(parseFilters({ role: "runner", level: "elite", mine: "1", tp: "3", ap: "2" })).toEqual({
      view: "teams",
      role: "runner",
      level: "elite",
      mine: true,
      teamPage: 3,
      athletePage: 2,
    });
    expect(parseFilters({ role: "rower", level: ["x"], mine: "yes", tp: "-1", ap: "1.5" })).toEqual({
      view: "teams",
      role: undefined,
      level: undefined,
      mine: false,
      teamPage: 1,
      athletePage: 1,
    });
    expect(parseFilters({ tp: "99999" }).teamPage).toBe(500);
  });

  it("keeps only what each view uses: the leg, place and page for Training partners, nothing for Sessions", () => {
    const all = { role: "runner", level: "elite", mine: "1", tp: "3", ap: "2", place: "tewantin" };
    expect(parseFilters({ ...all, view: "partners" })).toEqual({
      view: "partners",
      role: "runner",
      place: "tewantin",
      mine: false,
      teamPage: 1,
      athletePage: 2,
    });
    expect(parseFilters({ ...all, view: "sessions" })).toEqual({
      view: "sessions",
      mine: false,
      teamPage: 1,
      athletePage: 1,
    });
    expect(parseFilters({ ...all, view: "teams" }).place).toBeUndefined();
    expect(browseHref(parseFilters({ ...all, view: "partners" }))).toBe(
      "/browse?view=partners&role=runner&place=tewantin&ap=2",
    );
  });

  it("writes short URLs and resets nothing it was not asked to", () => {
    const f = parseFilters({ role: "swimmer", ap: "4" });
    expect(browseHref(f)).toBe("/browse?role=swimmer&ap=4");
    expect(browseHref(f, { role: undefined, athletePage: 1 })).toBe("/browse");
    expect(browseHref(f, { mine: true, teamPage: 2 })).toBe("/browse?role=swimmer&mine=1&tp=2&ap=4");
  });

  it("counts page ranges", () => {
    expect(pageRange(1, 12, 0)).toEqual({ from: 0, to: 0, pages: 1, past: false });
    expect(pageRange(1, 12, 5)).toEqual({ from: 1, to: 5, pages: 1, past: false });
    expect(pageRange(2, 12, 30)).toEqual({ from: 13, to: 24, pages: 3, past: false });
    expect(pageRange(3, 12, 30)).toEqual({ from: 25, to: 30, pages: 3, past: false });
  });

  it("knows a page after the last one, and shows no range for it", () => {
    expect(pageRange(99, 12, 66)).toEqual({ from: 0, to: 0, pages: 6, past: true });
    expect(pageRange(7, 12, 66)).toEqual({ from: 0, to: 0, pages: 6, past: true });
    expect(pageRange(6, 12, 66)).toEqual({ from: 61, to: 66, pages: 6, past: false });
    // An empty list has one (empty) page: page 2 of it is past the end too.
    expect(pageRange(2, 12, 0)).toEqual({ from: 0, to: 0, pages: 1, past: true });
  });
});

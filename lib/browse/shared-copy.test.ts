import { describe, expect, it } from "vitest";
import { readCopy, sharedBrowsePath } from "./shared-copy";

describe("/browse's shared copies", () => {
  it("names one copy per filter, page and leg, whatever the spelling of the query", () => {
    const a = sharedBrowsePath(new URLSearchParams("role=runner&tp=2&junk=1"), null, 12_345);
    const b = sharedBrowsePath(new URLSearchParams("tp=2&role=runner"), null, 14_999);
    expect(a).toBe("/browse-copy/2.runner.any.2.1.none");
    expect(b).toBe(a);
    expect(sharedBrowsePath(new URLSearchParams(""), null, 0)).toBe("/browse-copy/0.any.any.1.1.none");
    expect(sharedBrowsePath(new URLSearchParams(""), "swimmer", 0)).toBe(
      "/browse-copy/0.any.any.1.1.swimmer",
    );
  });

  it('names a copy per leg for "Needs my specialty", and none for a viewer with no leg', () => {
    const q = new URLSearchParams("mine=1&level=elite");
    expect(sharedBrowsePath(q, "runner", 0)).toBe("/browse-copy/0.any.elite.1.1.runner.mine");
    expect(sharedBrowsePath(q, null, 0)).toBe("/browse-copy/0.any.elite.1.1.none");
    expect(readCopy("0.any.elite.1.1.runner.mine")).toEqual({
      filters: { role: undefined, level: "elite", mine: true, teamPage: 1, athletePage: 1 },
      leg: "runner",
    });
  });

  it("moves to a new copy every 5 seconds", () => {
    const q = new URLSearchParams("level=elite");
    expect(sharedBrowsePath(q, null, 4_999)).not.toBe(sharedBrowsePath(q, null, 5_000));
  });

  it("reads the filters and leg back, and anything unknown in the filters as the default", () => {
    const path = sharedBrowsePath(
      new URLSearchParams("role=cyclist&level=beginner&tp=3&ap=7"),
      "runner",
      12_000,
    );
    expect(readCopy(path.split("/").at(-1)!)).toEqual({
      filters: { role: "cyclist", level: "beginner", mine: false, teamPage: 3, athletePage: 7 },
      leg: "runner",
    });
    expect(readCopy("2.swimmer.pro.-4.x.none")).toEqual({
      filters: { role: "swimmer", level: undefined, mine: false, teamPage: 1, athletePage: 1 },
      leg: null,
    });
  });

  it("reads a copy the proxy named however long its render took, for a known leg", () => {
    expect(readCopy("2.any.any.1.1.none")).not.toBeNull();
    expect(readCopy("1.any.any.1.1.cyclist")).not.toBeNull();
    // A first compile in `next dev` can outlast the 5-second window: the copy still answers, not a 404.
    const named = sharedBrowsePath(new URLSearchParams("role=runner"), null, Date.now() - 30_000);
    expect(readCopy(named.split("/").at(-1)!)).toMatchObject({ filters: { role: "runner" } });
    expect(readCopy("2x.any.any.1.1.none")).toBeNull();
    expect(readCopy("2.any.any.1.1")).toBeNull();
    expect(readCopy("2.any.any.1.1.<script>")).toBeNull();
    expect(readCopy("2.any.any.1.1.none.mine")).toBeNull();
    expect(readCopy("2.any.any.1.1.runner.yours")).toBeNull();
    expect(readCopy("2.any.any.1.1.runner.mine.x")).toBeNull();
    expect(readCopy("")).toBeNull();
  });
});

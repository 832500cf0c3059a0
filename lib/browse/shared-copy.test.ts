import { describe, expect, it } from "vitest";
import { readCopy, sharedBrowsePath } from "./shared-copy";

describe("/browse's shared copies", () => {
  it("names one copy per view, filter, page and leg, whatever the spelling of the query", () => {
    const a = sharedBrowsePath(new URLSearchParams("role=runner&tp=2&junk=1"), null, 12_345);
    const b = sharedBrowsePath(new URLSearchParams("tp=2&role=runner&view=teams"), null, 14_999);
    expect(a).toBe("/browse-copy/2.teams.runner.any.2.1.any.none");
    expect(b).toBe(a);
    expect(sharedBrowsePath(new URLSearchParams(""), null, 0)).toBe(
      "/browse-copy/0.teams.any.any.1.1.any.none",
    );
    expect(sharedBrowsePath(new URLSearchParams(""), "swimmer", 0)).toBe(
      "/browse-copy/0.teams.any.any.1.1.any.swimmer",
    );
  });

  it("names the Training partners and Sessions views apart from the default, each once per thing it shows", () => {
    expect(
      sharedBrowsePath(new URLSearchParams("view=partners&role=swimmer&place=noosaville"), null, 0),
    ).toBe("/browse-copy/0.partners.swimmer.any.1.1.noosaville.none");
    // What the view does not use (level, team page, "Needs my specialty", the viewer's leg) is not in its name.
    expect(
      sharedBrowsePath(new URLSearchParams("view=partners&level=elite&tp=4&ap=2&mine=1"), "runner", 0),
    ).toBe("/browse-copy/0.partners.any.any.1.2.any.none");
    expect(sharedBrowsePath(new URLSearchParams("view=sessions&role=runner&place=cooroy"), "runner", 0)).toBe(
      "/browse-copy/0.sessions.any.any.1.1.any.none",
    );
    // An unknown view or place is the default.
    expect(sharedBrowsePath(new URLSearchParams("view=chat&place=paris"), null, 0)).toBe(
      "/browse-copy/0.teams.any.any.1.1.any.none",
    );
    expect(readCopy("0.partners.swimmer.any.1.3.noosaville.none")).toEqual({
      filters: {
        view: "partners",
        role: "swimmer",
        place: "noosaville",
        mine: false,
        teamPage: 1,
        athletePage: 3,
      },
      leg: null,
    });
    // Only the teams view is rendered per leg.
    expect(readCopy("0.partners.any.any.1.1.any.runner")).toBeNull();
    expect(readCopy("0.sessions.any.any.1.1.any.runner.mine")).toBeNull();
  });

  it('names a copy per leg for "Needs my specialty", and none for a viewer with no leg', () => {
    const q = new URLSearchParams("mine=1&level=elite");
    expect(sharedBrowsePath(q, "runner", 0)).toBe("/browse-copy/0.teams.any.elite.1.1.any.runner.mine");
    expect(sharedBrowsePath(q, null, 0)).toBe("/browse-copy/0.teams.any.elite.1.1.any.none");
    expect(readCopy("0.teams.any.elite.1.1.any.runner.mine")).toEqual({
      filters: { view: "teams", role: undefined, level: "elite", mine: true, teamPage: 1, athletePage: 1 },
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
      filters: {
        view: "teams",
        role: "cyclist",
        level: "beginner",
        mine: false,
        teamPage: 3,
        athletePage: 7,
      },
      leg: "runner",
    });
    expect(readCopy("2.teams.swimmer.pro.-4.x.noosaville.none")).toEqual({
      filters: { view: "teams", role: "swimmer", level: undefined, mine: false, teamPage: 1, athletePage: 1 },
      leg: null,
    });
  });

  it("reads a copy the proxy named however long its render took, for a known leg", () => {
    expect(readCopy("2.teams.any.any.1.1.any.none")).not.toBeNull();
    expect(readCopy("1.teams.any.any.1.1.any.cyclist")).not.toBeNull();
    // A first compile in `next dev` can outlast the 5-second window: the copy still answers, not a 404.
    const named = sharedBrowsePath(new URLSearchParams("role=runner"), null, Date.now() - 30_000);
    expect(readCopy(named.split("/").at(-1)!)).toMatchObject({ filters: { role: "runner" } });
    expect(readCopy("2x.teams.any.any.1.1.any.none")).toBeNull();
    expect(readCopy("2.teams.any.any.1.1.any")).toBeNull();
    expect(readCopy("2.teams.any.any.1.1.any.<script>")).toBeNull();
    expect(readCopy("2.teams.any.any.1.1.any.none.mine")).toBeNull();
    expect(readCopy("2.teams.any.any.1.1.any.runner.yours")).toBeNull();
    expect(readCopy("2.teams.any.any.1.1.any.runner.mine.x")).toBeNull();
    expect(readCopy("")).toBeNull();
  });
});

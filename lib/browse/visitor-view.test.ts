import { describe, expect, it } from "vitest";
import { readCopy, visitorBrowsePath } from "./visitor-view";

describe("visitors' /browse copies", () => {
  it("names one copy per filter and page, whatever the spelling of the query", () => {
    const a = visitorBrowsePath(new URLSearchParams("role=runner&tp=2&junk=1"), 12_345);
    const b = visitorBrowsePath(new URLSearchParams("tp=2&role=runner&mine=1"), 14_999);
    expect(a).toBe("/visitor-browse/2.runner.any.2.1");
    expect(b).toBe(a);
    expect(visitorBrowsePath(new URLSearchParams(""), 0)).toBe("/visitor-browse/0.any.any.1.1");
  });

  it("moves to a new copy every 5 seconds", () => {
    const q = new URLSearchParams("level=elite");
    expect(visitorBrowsePath(q, 4_999)).not.toBe(visitorBrowsePath(q, 5_000));
  });

  it("reads the filters back, and anything unknown as the default", () => {
    const path = visitorBrowsePath(new URLSearchParams("role=cyclist&level=beginner&tp=3&ap=7"), 12_000);
    expect(readCopy(path.split("/").at(-1)!, 12_000)).toEqual({
      role: "cyclist",
      level: "beginner",
      mine: false,
      teamPage: 3,
      athletePage: 7,
    });
    expect(readCopy("2.swimmer.pro.-4.x", 12_000)).toEqual({
      role: "swimmer",
      level: undefined,
      mine: false,
      teamPage: 1,
      athletePage: 1,
    });
    expect(readCopy("2.<script>", 12_000)).toEqual({ mine: false, teamPage: 1, athletePage: 1 });
  });

  it("reads only the current window's copy (or the one just before)", () => {
    expect(readCopy("2.any.any.1.1", 12_000)).not.toBeNull();
    expect(readCopy("1.any.any.1.1", 12_000)).not.toBeNull();
    expect(readCopy("0.any.any.1.1", 12_000)).toBeNull();
    expect(readCopy("3.any.any.1.1", 12_000)).toBeNull();
    expect(readCopy("2x.any.any.1.1", 12_000)).toBeNull();
    expect(readCopy("", 12_000)).toBeNull();
  });
});

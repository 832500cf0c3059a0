import { describe, expect, it } from "vitest";
import { cropBox, cropFrom } from "./crop";

describe("cropBox", () => {
  it("takes the centre square of a landscape photo at zoom 1", () => {
    expect(cropBox(4000, 3000, { zoom: 1, x: 0.5, y: 0.5 })).toEqual({ left: 500, top: 0, width: 3000, height: 3000 });
  });
  it("moves a zoomed square to the corner it is pushed to, never past the edge", () => {
    expect(cropBox(3000, 4000, { zoom: 2, x: 1, y: 0 })).toEqual({ left: 1500, top: 0, width: 1500, height: 1500 });
    expect(cropBox(3000, 4000, { zoom: 3, x: 1, y: 1 })).toEqual({ left: 2000, top: 3000, width: 1000, height: 1000 });
  });
});

describe("cropFrom", () => {
  it("brings missing, junk and out-of-range fields back in range", () => {
    expect(cropFrom({})).toEqual({ zoom: 1, x: 0.5, y: 0.5 });
    expect(cropFrom({ zoom: "9", x: "-2", y: "NaN" })).toEqual({ zoom: 3, x: 0, y: 0 });
    expect(cropFrom({ zoom: "1.5", x: "0.25", y: "1" })).toEqual({ zoom: 1.5, x: 0.25, y: 1 });
  });
});

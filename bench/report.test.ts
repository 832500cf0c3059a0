import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeBetweenMarkers } from "./report.ts";

const file = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), "report-")), "doc.md");
  writeFileSync(path, text);
  return path;
};

describe("writeBetweenMarkers", () => {
  it("replaces only what lies between the named markers", () => {
    const path = file(
      "intro\n<!-- bench:start -->\nold\n<!-- bench:end -->\n<!-- load:start -->\nkeep\n<!-- load:end -->\n",
    );
    writeBetweenMarkers(path, "bench", "| new |\n");
    expect(readFileSync(path, "utf8")).toBe(
      "intro\n<!-- bench:start -->\n| new |\n<!-- bench:end -->\n<!-- load:start -->\nkeep\n<!-- load:end -->\n",
    );
  });

  it("leaves a file without both markers as it is", () => {
    const path = file("intro\n<!-- bench:start -->\nold\n");
    writeBetweenMarkers(path, "bench", "new\n");
    expect(readFileSync(path, "utf8")).toBe("intro\n<!-- bench:start -->\nold\n");
  });
});

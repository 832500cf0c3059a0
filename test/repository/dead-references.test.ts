// References that lead nowhere stay out: the product spec's section numbers and the issue tracker's numbers
// are not in the repository, nor is the stand-in's old name (its bin was "with" + "-stack"). Comments say the rule itself or
// point at docs/<page>.md#<anchor> (checked by docs-links.test.ts). A repository's own tracker,
// "owner/repo issues #N", is a reference that leads somewhere and is allowed.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const skipDirs = new Set(["node_modules", ".git", "test-results", "playwright-report", "coverage", ".local"]);
const text = /\.(ts|tsx|mjs|js|sql|sh|toml|md|css|json|yml|yaml)$|^\.env\.example$/;
// Spelled in pieces, so that a search of the repository for these references does not find this file.
const section = "spec " + "§";
const oldName = "with" + "-stack";
const dead = new RegExp(`${section}|${oldName}|(?<!\\w\\/[\\w.-]+ )\\b[Ii]ssue` + "s? #?\\d+");

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (skipDirs.has(name) || name.startsWith(".next")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (text.test(name) && name !== "package-lock.json") out.push(path);
  }
  return out;
}

describe("references", () => {
  it("none cites a spec section, an issue number or the stand-in's old name", () => {
    const found = files(root).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (dead.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("tells a dead reference from a tracker's own", () => {
    expect(dead.test(`// see ${"iss" + "ue"} 21, finding 2`)).toBe(true);
    expect(dead.test(`(${section}2)`)).toBe(true);
    expect(dead.test(`runs inside \`${oldName} --test\``)).toBe(true);
    expect(dead.test("Upstream: porsager/postgres issues #1154")).toBe(false);
  });
});

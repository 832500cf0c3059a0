// .env.example names every environment variable the code reads, so a newcomer deploying the app, or
// running a test or a measurement, finds each one described in one place.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const skipDirs = new Set(["node_modules", ".git", "test-results", "playwright-report", "coverage"]);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (skipDirs.has(name) || name.startsWith(".next")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

// Set by Node, the platform or a tool for itself, not by whoever runs the app (NEXT_PHASE: by `next build`).
const notOurs = new Set(["NODE_OPTIONS", "PATH", "HOME", "TMPDIR", "NEXT_PHASE"]);

function variablesRead(): Set<string> {
  const names = new Set<string>();
  for (const file of sources(root)) {
    const text = readFileSync(file, "utf8");
    // process.env.X, process.env["X"], and env.X where `env` is process.env handed to a helper.
    for (const m of text.matchAll(/\b(?:process\.)?env(?:\.([A-Z][A-Z0-9_]+)|\["([A-Z][A-Z0-9_]+)"\])/g)) {
      const name = m[1] ?? m[2]!;
      if (!notOurs.has(name)) names.add(name);
    }
  }
  return names;
}

describe(".env.example", () => {
  const example = readFileSync(join(root, ".env.example"), "utf8");
  // An e2e spec's screenshot folder is one documented family: <AREA>_SCREENS_DIR, each area listed.
  const areas = /<AREA>_SCREENS_DIR[\s\S]*?\(([^)]*)\)/.exec(example)?.[1] ?? "";
  const documented = (name: string) => {
    if (new RegExp(`\\b${name}\\b`).test(example)) return true;
    const area = /^([A-Z_]+_)SCREENS_DIR$/.exec(name)?.[1];
    return area !== undefined && new RegExp(`\\b${area}(?=[,;\\s])`).test(areas);
  };

  it("reads the variables it checks", () => {
    expect(variablesRead()).toContain("DATABASE_URL");
  });

  it("names every variable the code reads", () => {
    expect([...variablesRead()].filter((name) => !documented(name)).sort()).toEqual([]);
  });
});

// The tools in scripts/ run under plain Node (`node scripts/x.ts`, `npm run dev` runs scripts/demo-photos.ts),
// which knows nothing of the "@/" alias Next.js and Vitest resolve. So every file a script reaches must name
// its imports by relative path with the extension; one "@/" import anywhere on the way stops the script at
// start-up (the demo's photos were lost that way once).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
// Type-only imports are erased by Node's type stripping, so they are not followed.
const importPattern = /^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s+"([^"]+)"/gm;

/** Every project file `entry` reaches through relative imports, with the "@/" imports each one makes. */
function reach(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const text = readFileSync(file, "utf8");
    const aliased: string[] = [];
    seen.set(file, aliased);
    for (const [, spec] of text.matchAll(importPattern)) {
      if (spec!.startsWith("@/")) aliased.push(spec!);
      else if (spec!.startsWith(".")) {
        const target = resolve(dirname(file), spec!);
        if (existsSync(target)) queue.push(target);
      }
    }
  }
  return seen;
}

describe("scripts/", () => {
  const scripts = readdirSync(join(root, "scripts")).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
  );

  it("has tools to check", () => expect(scripts).toContain("demo-photos.ts"));

  it("reach no file that imports through the @/ alias, which plain Node cannot resolve", () => {
    const offenders = scripts.flatMap((script) =>
      [...reach(join(root, "scripts", script))]
        .filter(([, aliased]) => aliased.length > 0)
        .map(([file, aliased]) => `${script} → ${relative(root, file)}: ${aliased.join(", ")}`),
    );
    expect(offenders).toEqual([]);
  });
});

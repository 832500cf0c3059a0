// No two first-level folders of lib/ or components/ import each other. A pair that does is one module in
// two places: neither can be read, moved or tested without the other, and a third caller (a new kind of
// conversation, a new page) has to take both. Code both need lives in the folder it is about, which then
// imports nothing back. Tests are left out: a suite may drive one folder through another.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const tops = ["lib", "components"];

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts"))
      out.push(path);
  }
  return out;
}

/** `lib/teams` for lib/teams/urgency.ts; null for a file at the top (lib/site.ts) or outside lib/ and components/. */
function folderOf(path: string): string | null {
  const [top, first, ...rest] = relative(root, path).split("/");
  if (!top || !tops.includes(top) || !first) return null;
  if (rest.length > 0) return `${top}/${first}`;
  // `@/lib/db` names lib/db/index.ts; `@/lib/site` names lib/site.ts.
  return existsSync(join(root, top, first)) && statSync(join(root, top, first)).isDirectory()
    ? `${top}/${first}`
    : null;
}

/** Every module a file names: import … from, export … from, import "…", import("…"). */
function specifiers(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g);
  return [...found].map((m) => m[1]!);
}

/** Folder → folder → the files that make the edge, for lib/ and components/. */
function folderImports(): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const top of tops) {
    for (const file of sources(join(root, top))) {
      const from = folderOf(file);
      if (!from) continue;
      for (const spec of specifiers(readFileSync(file, "utf8"))) {
        const target = spec.startsWith("@/")
          ? join(root, spec.slice(2))
          : spec.startsWith(".")
            ? resolve(dirname(file), spec)
            : null;
        const to = target && folderOf(target);
        if (!to || to === from) continue;
        const byTarget = edges.get(from) ?? new Map<string, string[]>();
        edges.set(from, byTarget);
        byTarget.set(to, [...(byTarget.get(to) ?? []), relative(root, file)]);
      }
    }
  }
  return edges;
}

describe("folders of lib/ and components/", () => {
  const edges = folderImports();

  it("reads the imports", () => {
    expect(specifiers(`import { a } from "@/lib/a";\nexport * from "./b";\nimport "server-only";`)).toEqual([
      "@/lib/a",
      "./b",
      "server-only",
    ]);
    expect(edges.get("lib/actions")?.has("lib/data")).toBe(true);
    expect(edges.get("components/conversations")?.has("lib/conversations")).toBe(true);
  });

  it("never import each other", () => {
    const pairs: string[] = [];
    for (const [a, targets] of edges) {
      for (const [b, files] of targets) {
        const back = edges.get(b)?.get(a);
        if (back && a < b)
          pairs.push(`${a} (${[...new Set(files)].join(", ")}) ⇄ ${b} (${[...new Set(back)].join(", ")})`);
      }
    }
    expect(pairs).toEqual([]);
  });
});

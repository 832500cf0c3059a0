// Every reference to the docs leads somewhere: each `docs/<page>.md#<anchor>` cited in code, tests, SQL or
// scripts, and each relative link in README.md and docs/, names a file that exists and a heading in it.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const skipDirs = new Set(["node_modules", ".git", "test-results", "playwright-report", "coverage"]);
const scanned = /\.(ts|tsx|mjs|js|sql|sh|toml|md|css|json)$/;

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (skipDirs.has(name) || name.startsWith(".next") || name === ".local") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (scanned.test(name) && name !== "package-lock.json") out.push(path);
  }
  return out;
}

/** GitHub's heading ids: lower case, punctuation but hyphens dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set(
    [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
      slug(m[1]!.replace(/`/g, "").replace(/\[|\]\([^)]*\)/g, "")),
    ),
  );
}

type Reference = { from: string; target: string; anchor: string | null };

function referencesIn(file: string): Reference[] {
  const text = readFileSync(file, "utf8");
  const from = relative(root, file);
  const refs: Reference[] = [];
  // Citations of a docs page anywhere (comments, strings): docs/<page>.md, optionally #anchor.
  for (const m of text.matchAll(/\bdocs\/([\w-]+)\.md(?:#([\w-]+))?/g)) {
    refs.push({ from, target: `docs/${m[1]}.md`, anchor: m[2] ?? null });
  }
  // Relative Markdown links in Markdown files, resolved from the file's folder.
  if (file.endsWith(".md")) {
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const href = m[1]!;
      if (/^[a-z]+:/i.test(href)) continue;
      const [path, anchor] = href.split("#");
      const target = path ? relative(root, resolve(dirname(file), path)) : from;
      refs.push({ from, target, anchor: anchor || null });
    }
  }
  return refs;
}

describe("references to the docs", () => {
  const all = files(root).flatMap(referencesIn);

  it("finds the references it checks", () => {
    expect(all.filter((r) => r.anchor).length).toBeGreaterThan(50);
  });

  it("each names a file that exists and, with #anchor, a heading in it", () => {
    const broken = all.filter((r) => {
      const path = join(root, r.target);
      if (!existsSync(path)) return true;
      return r.anchor !== null && r.target.endsWith(".md") && !anchorsOf(path).has(r.anchor);
    });
    expect(broken.map((r) => `${r.from} → ${r.target}${r.anchor ? `#${r.anchor}` : ""}`)).toEqual([]);
  });
});

describe("README.md", () => {
  it("stays a ten-minute read: at most 200 lines, the details in docs/", () => {
    expect(readFileSync(join(root, "README.md"), "utf8").trimEnd().split("\n").length).toBeLessThanOrEqual(
      200,
    );
  });
});

describe("slug", () => {
  it("makes GitHub's heading ids", () => {
    expect(slug("Auth e-mails")).toBe("auth-e-mails");
    expect(slug("Row-level security")).toBe("row-level-security");
    expect(slug("A join request, from button to e-mail")).toBe("a-join-request-from-button-to-e-mail");
  });
});

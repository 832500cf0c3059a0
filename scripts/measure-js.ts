/**
 * JavaScript shipped per public page: the sum of the gzip sizes of the `<script src>` chunks (noModule
 * excluded) referenced by each prerendered HTML file of a production build. Next 16 no longer prints
 * "First Load JS", so this is how the budget in the README is checked.
 *
 *   NEXT_DIST_DIR=.next npm run build && npm run measure:js
 *   FLOOR_KB=135 (the bare Next 16 page) and BUDGET=1.10 can be overridden; exits 1 when a page is over.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const floorKb = Number(process.env.FLOOR_KB ?? 135);
const budget = Number(process.env.BUDGET ?? 1.1);
const appDir = join(distDir, "server", "app");

if (!existsSync(appDir)) {
  console.error(`No build in ${distDir}: run \`next build\` first (NEXT_DIST_DIR picks the directory).`);
  process.exit(2);
}

/** Prerendered public pages: every .html under server/app except the internal _not-found / _global-error. */
function prerenderedPages(dir: string, prefix = ""): { route: string; file: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return prerenderedPages(full, `${prefix}/${entry.name}`);
    if (!entry.name.endsWith(".html") || entry.name.startsWith("_")) return [];
    const name = entry.name.replace(/\.html$/, "");
    return [{ route: name === "index" ? "/" : `${prefix}/${name}`, file: full }];
  });
}

const gzipCache = new Map<string, number>();
function gzipBytes(src: string): number {
  const path = join(distDir, decodeURIComponent(src.replace(/^\/_next\//, "").split("?")[0]!));
  if (!gzipCache.has(path)) gzipCache.set(path, gzipSync(readFileSync(path)).length);
  return gzipCache.get(path)!;
}

const rows = prerenderedPages(appDir)
  .map(({ route, file }) => {
    const html = readFileSync(file, "utf8");
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !/\bnoModule\b/i.test(tag))
      .map((tag) => /\bsrc="([^"]+)"/.exec(tag)?.[1])
      .filter((src): src is string => !!src && src.startsWith("/_next/"));
    const unique = [...new Set(scripts)];
    const bytes = unique.reduce((sum, src) => sum + gzipBytes(src), 0);
    return { route, chunks: unique.length, kb: bytes / 1024 };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

const limitKb = floorKb * budget;
console.log(
  `gzip JS per prerendered page (${distDir}); floor ${floorKb} KB, budget ${budget}× = ${limitKb.toFixed(1)} KB`,
);
console.log("route".padEnd(48), "chunks".padStart(6), "KB gz".padStart(8), "× floor".padStart(8));
for (const row of rows) {
  const flag = row.kb > limitKb ? "  OVER" : "";
  console.log(
    row.route.padEnd(48),
    String(row.chunks).padStart(6),
    row.kb.toFixed(1).padStart(8),
    (row.kb / floorKb).toFixed(2).padStart(8) + flag,
  );
}
process.exit(rows.some((row) => row.kb > limitKb) ? 1 : 0);

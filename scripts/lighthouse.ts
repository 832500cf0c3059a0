/**
 * Lighthouse (mobile, the default form factor) on the home page and one landing page of a running
 * production server. Lighthouse itself is fetched by npx (not a project dependency):
 *
 *   npm run build && npx next start -p 3201 &       # or any running production server
 *   LH_BASE_URL=http://127.0.0.1:3201 npm run measure:lighthouse
 *
 * LH_PATHS (comma-separated) overrides the pages, LH_VERSION the Lighthouse major (12 runs on Node 20,
 * 13 needs Node ≥ 22.19), CHROME_PATH the browser. Prints the four category scores per page and exits 1
 * when any is below LH_MIN (default 90: the goal is 100, the exit code only guards against regressions).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const base = (process.env.LH_BASE_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const paths = (process.env.LH_PATHS ?? "/,/urgent-triathlon-team-noosa").split(",");
const version = process.env.LH_VERSION ?? "12";
const min = Number(process.env.LH_MIN ?? 90);
const chromeFlags =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run";
const outDir = mkdtempSync(join(tmpdir(), "lighthouse-"));

type Report = {
  categories: Record<string, { title: string; score: number | null }>;
  audits: Record<string, { score: number | null; title: string }>;
};

let failed = false;
for (const path of paths) {
  const output = join(outDir, `${path.replace(/\W+/g, "_") || "home"}.json`);
  execFileSync(
    "npx",
    [
      "--yes",
      `lighthouse@${version}`,
      `${base}${path}`,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      `--chrome-flags=${chromeFlags}`,
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    },
  );
  const report = JSON.parse(readFileSync(output, "utf8")) as Report;
  const scores = Object.values(report.categories).map(
    (c) => `${c.title} ${Math.round((c.score ?? 0) * 100)}`,
  );
  console.log(`${path}: ${scores.join(" / ")}`);
  // Name what cost points, so a score below 100 says where to look.
  const misses = Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 0.9)
    .map((a) => a.title);
  if (misses.length) console.log(`  below 0.9: ${misses.join("; ")}`);
  if (Object.values(report.categories).some((c) => (c.score ?? 0) * 100 < min)) failed = true;
}
console.log(`reports: ${outDir}`);
process.exit(failed ? 1 : 0);

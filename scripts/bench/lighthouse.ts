/** One Lighthouse run (mobile, simulated throttling: its defaults) with Debian Chromium (./browser.ts). */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromiumPath } from "../../e2e/support/chromium.ts";

export type LighthouseSample = { scores: Record<string, number>; metrics: Record<string, number> };

const version = process.env.LH_VERSION ?? "12";
// --headless=new matters to the full chromium only; the headless shell is headless by itself.
const chromeFlags =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run";

export const lighthouseMetrics = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  SI: "speed-index",
  CLS: "cumulative-layout-shift",
} as const;

type Report = {
  categories: Record<string, { title: string; score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};

/**
 * Lighthouse is fetched from the npm registry by npx on first use (cached after that) rather than being a
 * dependency: it is large, and only measuring needs it.
 */
export function lighthouse(url: string, outDir: string, name: string): LighthouseSample {
  const output = join(outDir, `${name}.json`);
  execFileSync(
    "npx",
    [
      "--yes",
      `lighthouse@${version}`,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      `--chrome-flags=${chromeFlags}`,
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CHROME_PATH: chromiumPath },
    },
  );
  const report = JSON.parse(readFileSync(output, "utf8")) as Report;
  const scores = Object.fromEntries(
    Object.values(report.categories).map((c) => [c.title, Math.round((c.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(lighthouseMetrics).map(([short, id]) => [short, report.audits[id]?.numericValue ?? NaN]),
  );
  return { scores, metrics };
}

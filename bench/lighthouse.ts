/** One Lighthouse run (mobile, simulated throttling: its defaults) with Debian Chromium (./browser.ts). */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { chromiumPath } from "../e2e/support/chromium.ts";
import { firstFrameWaitMs } from "./first-frame.ts";

export type LighthouseSample = {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  /** activated → first contentful paint in the run's own trace (./first-frame.ts) */
  firstFrameWaitMs: number | null;
};

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
      // The trace, to tell a first frame held back by the browser from one the page was slow to make.
      "--save-assets",
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
  // Each trace is tens of MB: read the one figure, then let it go.
  const trace = output.replace(/\.json$/, "-0.trace.json");
  const events = JSON.parse(readFileSync(trace, "utf8")) as {
    traceEvents: Parameters<typeof firstFrameWaitMs>[0];
  };
  rmSync(trace);
  rmSync(output.replace(/\.json$/, "-0.devtoolslog.json"), { force: true });
  return { scores, metrics, firstFrameWaitMs: firstFrameWaitMs(events.traceEvents) };
}

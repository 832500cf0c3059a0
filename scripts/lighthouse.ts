/**
 * Lighthouse 12 (mobile, the default form factor) on the home page and one landing page, with Debian
 * Chromium. Scores move with the machine's load, so each page is measured LH_RUNS times (default 3) and the
 * medians are reported, with the metrics that make up the Performance score.
 *
 *   npm run measure:lighthouse                  builds, serves the build on a free port, measures, stops it
 *   LH_BASELINE=1 npm run measure:lighthouse    also measures a bare Next.js page (same Next version) in
 *                                               the same session, runs interleaved: the framework's floor
 *   LH_BASE_URL=http://127.0.0.1:3201 …         measures a server that is already running (no build)
 *
 * LH_PATHS (comma-separated) overrides the pages, LH_VERSION the Lighthouse major, CHROME_PATH the browser.
 * Exits 1 when a median category score is below LH_MIN (default 90: it guards against regressions).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const paths = (process.env.LH_PATHS ?? "/,/urgent-triathlon-team-noosa").split(",");
const runs = Number(process.env.LH_RUNS ?? 3);
const version = process.env.LH_VERSION ?? "12";
const min = Number(process.env.LH_MIN ?? 90);
const chromeFlags =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run";
const next = join("node_modules", ".bin", "next");
const outDir = mkdtempSync(join(tmpdir(), "lighthouse-"));
const servers: ChildProcess[] = [];

type Report = {
  categories: Record<string, { title: string; score: number | null }>;
  audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
};
type Sample = Record<string, number>;

const metrics = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  SI: "speed-index",
  CLS: "cumulative-layout-shift",
} as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

async function serve(dir: string): Promise<string> {
  const port = await freePort();
  const server = spawn(next, ["start", "-H", "127.0.0.1", "-p", String(port), dir], { stdio: "ignore" });
  servers.push(server);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return url;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`next start ${dir} did not answer on ${url}`);
}

/** A bare App Router page built with the project's own Next.js: the framework's floor on this machine. */
function buildBaseline(): string {
  const dir = ".next-baseline";
  mkdirSync(join(dir, "app"), { recursive: true });
  writeFileSync(join(dir, "package.json"), '{ "private": true }\n');
  writeFileSync(
    join(dir, "app", "layout.jsx"),
    'export const metadata = { title: "Baseline", description: "A bare Next.js page" };\n' +
      'export default function RootLayout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(
    join(dir, "app", "page.jsx"),
    "export default function Page() { return <main><h1>Baseline</h1><p>A bare Next.js page.</p></main>; }\n",
  );
  execFileSync(next, ["build", dir], { stdio: "ignore" });
  return dir;
}

function lighthouse(url: string, name: string): { scores: Sample; values: Sample } {
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
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    },
  );
  const report = JSON.parse(readFileSync(output, "utf8")) as Report;
  const scores = Object.fromEntries(
    Object.values(report.categories).map((c) => [c.title, Math.round((c.score ?? 0) * 100)]),
  );
  const values = Object.fromEntries(
    Object.entries(metrics).map(([short, id]) => [short, report.audits[id]?.numericValue ?? NaN]),
  );
  return { scores, values };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const format = (key: string, value: number) => (key === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`);

async function main() {
  let base = process.env.LH_BASE_URL?.replace(/\/$/, "");
  if (!base) {
    execFileSync(next, ["build"], { stdio: ["ignore", "ignore", "inherit"] });
    base = await serve(".");
  }
  const targets = paths.map((path) => ({ label: path, url: `${base}${path}` }));
  if (process.env.LH_BASELINE === "1")
    targets.push({ label: "bare Next page", url: `${await serve(buildBaseline())}/` });

  const samples = new Map<string, { scores: Sample; values: Sample }[]>(targets.map((t) => [t.label, []]));
  // Interleaved, so a burst of load on the machine hits every target alike.
  for (let run = 1; run <= runs; run++) {
    for (const target of targets) {
      const sample = lighthouse(target.url, `${target.label.replace(/\W+/g, "_")}-${run}`);
      samples.get(target.label)!.push(sample);
      console.log(
        `run ${run} ${target.label}: ${Object.entries(sample.scores)
          .map(([k, v]) => `${k} ${v}`)
          .join(" / ")}; ` +
          Object.entries(sample.values)
            .map(([k, v]) => `${k} ${format(k, v)}`)
            .join(", "),
      );
    }
  }

  let failed = false;
  console.log(`\nmedians of ${runs} run(s):`);
  for (const [label, list] of samples) {
    const scores = Object.keys(list[0]!.scores).map(
      (k) => [k, median(list.map((s) => s.scores[k]!))] as const,
    );
    const values = Object.keys(metrics).map((k) => [k, median(list.map((s) => s.values[k]!))] as const);
    console.log(`${label}: ${scores.map(([k, v]) => `${k} ${v}`).join(" / ")}`);
    console.log(`  ${values.map(([k, v]) => `${k} ${format(k, v)}`).join(", ")}`);
    if (label !== "bare Next page" && scores.some(([, v]) => v < min)) failed = true;
  }
  console.log(`reports: ${outDir}`);
  return failed ? 1 : 0;
}

main()
  .then((code) => (process.exitCode = code))
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const server of servers) server.kill();
  });

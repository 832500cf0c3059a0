/** Next.js servers for the benchmark: free ports, `next start` of a build, the bare page that is the floor. */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

export const nextBin = join("node_modules", ".bin", "next");
const running: ChildProcess[] = [];
const pids = new Map<string, number>();

/** The process serving `origin` (one `serve` started), for its CPU time (bench/load/processes.ts). */
export const serverPid = (origin: string): number | undefined => pids.get(origin);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** `next build` of the app into `distDir` (the stack's env is inherited, as for the e2e build). */
export function buildApp(distDir: string) {
  execFileSync(nextBin, ["build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

/**
 * A bare App Router page built with the project's own Next.js: one static page, a heading and a paragraph,
 * nothing else (and the same page rendered per request at /dynamic). Measured beside the app in the same run, it is the framework's floor on this machine.
 */
export function buildFloor(dir = ".next-baseline"): string {
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
  // The same page rendered per request: what Next.js itself spends on any dynamic page on this machine,
  // the reference for the app's signed-in pages (bench/index.ts, dynamicRows).
  mkdirSync(join(dir, "app", "dynamic"), { recursive: true });
  writeFileSync(
    join(dir, "app", "dynamic", "page.jsx"),
    'import { connection } from "next/server";\n' +
      "export default async function Page() { await connection(); return <main><h1>Baseline</h1><p>A bare Next.js page.</p></main>; }\n",
  );
  execFileSync(nextBin, ["build", dir], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return dir;
}

/** Serves a build on 127.0.0.1 and resolves with its origin once it answers. */
export async function serve(dir: string, env: Record<string, string> = {}): Promise<string> {
  const port = await freePort();
  const server = spawn(nextBin, ["start", "-H", "127.0.0.1", "-p", String(port), dir], {
    stdio: "ignore",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  running.push(server);
  const url = `http://127.0.0.1:${port}`;
  if (server.pid) pids.set(url, server.pid);
  for (let attempt = 0; attempt < 300; attempt++) {
    const up = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return url;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`next start ${dir} did not answer on ${url}`);
}

export function stopServers() {
  for (const server of running.splice(0)) server.kill();
}

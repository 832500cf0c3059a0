import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

/**
 * Another `next start` of the suite's production build, with settings of its own (a tiny pool, a
 * shedding limit) that would disturb every other spec on the shared server. Same stack, same build.
 */
export async function startSecondAppServer(env: Record<string, string>) {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const server: ChildProcess = spawn(
    join("node_modules", ".bin", "next"),
    ["start", "-H", "127.0.0.1", "-p", String(port)],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-e2e",
        NEXT_TELEMETRY_DISABLED: "1",
        ...env,
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/about-noosa`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 300 || server.exitCode !== null) throw new Error(`next start did not answer on ${base}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once("exit", () => resolve());
        server.kill("SIGTERM");
      }),
  };
}

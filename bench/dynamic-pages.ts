/**
 * The pages that reach the server on every visit (docs/performance.md#bench): autocannon, 20 connections,
 * 10 s per page, loopback only. Each page's req/s is compared with the prerendered `/` measured in the same
 * run (the targets were set from a run that gave `/` 374 req/s, signed-out /browse 65, signed-in /browse 52,
 * /dashboard 47 on this machine), with the bare Next.js floor beside it.
 * p95 comes from every response's time (autocannon's own summary has no p95).
 */
import autocannon from "autocannon";
import { treeCpuMs } from "./load/processes.ts";

/**
 * `cpuMs`: the server's CPU time per request over the run (its process tree, from /proc), when the caller
 * names the server. Unlike req/s it hardly moves with what else the machine is doing: on a shared 2-core
 * machine it is the steadier way to compare two pages, or two builds of one.
 */
export type PageFigures = {
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  bytes: number;
  cpuMs?: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

export async function hammer(
  url: string,
  {
    cookie,
    seconds = 10,
    connections = 20,
    serverPid,
  }: { cookie?: string; seconds?: number; connections?: number; serverPid?: number } = {},
): Promise<PageFigures> {
  const times: number[] = [];
  const probe = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const bytes = (await probe.arrayBuffer()).byteLength;
  if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}`);
  // Steady state, as a server that has been up serves race week: a short unmeasured run first, so the
  // page's first requests (its modules loaded, its code compiled by V8) are not in the figures.
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const options = { url, connections, headers };
  await autocannon({ ...options, duration: Math.min(3, seconds) });
  const instance = autocannon({ ...options, duration: seconds });
  let responses = 0;
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    responses++;
    if (status === 200) times.push(ms);
  });
  const cpuBefore = serverPid ? treeCpuMs(serverPid) : 0;
  const result = await instance;
  const cpuMs = serverPid ? (treeCpuMs(serverPid) - cpuBefore) / Math.max(1, responses) : undefined;
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    errors: result.errors + result.timeouts + result.non2xx,
    bytes,
    ...(cpuMs ? { cpuMs } : {}),
  };
}

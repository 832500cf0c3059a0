/**
 * Server render time of signed-in pages: the time to the complete HTML of a full page load (not an RSC
 * navigation), one request at a time, after a few warm-up requests.
 */
import { percentile } from "./stats.ts";

export type RenderFigures = { p50: number; p95: number; bytes: number };

export async function renderTimes(
  url: string,
  cookie: string,
  count = 40,
  warmup = 5,
): Promise<RenderFigures> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count + warmup; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status} (signed in?)`);
    if (i >= warmup) times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

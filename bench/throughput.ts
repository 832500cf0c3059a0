/**
 * Requests per second of one URL: `concurrency` keep-alive loops for `seconds`, counting complete 200
 * responses. Bounded in time and count, loopback only.
 */
export async function requestsPerSecond(url: string, seconds = 5, concurrency = 8): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  return done / ((performance.now() - started) / 1000);
}

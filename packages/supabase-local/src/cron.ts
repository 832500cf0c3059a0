/**
 * The local stand-in for a scheduler calling the app (Vercel Cron in production, or Supabase's pg_cron +
 * pg_net): every few seconds, GET <url> with `Authorization: Bearer <CRON_SECRET>`, as Vercel Cron sends it.
 * One call at a time; a call that fails while the app is still starting is retried on the next tick, and only
 * a change of outcome is logged, so a misconfigured route is seen without flooding the console.
 */
export type Cron = { stop(): void };

export function startCron(
  url: string,
  secret: string,
  everyMs: number,
  log: (line: string) => void = (line) => console.error(line),
): Cron {
  let stopped = false;
  let last = "";
  let timer: NodeJS.Timeout | undefined;
  const report = (outcome: string) => {
    if (outcome !== last) log(`supabase-local cron: GET ${url} → ${outcome}`);
    last = outcome;
  };
  const tick = async () => {
    try {
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${secret}`, "user-agent": "supabase-local-cron" },
        signal: AbortSignal.timeout(Math.max(everyMs * 10, 30_000)),
      });
      await res.arrayBuffer();
      report(res.ok ? "ok" : `HTTP ${res.status}`);
    } catch (error) {
      // Not listening yet (the app is starting) is expected; say nothing until it has answered once.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (!(code === "ECONNREFUSED" && last === "")) report(`failed (${code ?? (error as Error).message})`);
    }
    if (!stopped) timer = setTimeout(tick, everyMs);
  };
  timer = setTimeout(tick, everyMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

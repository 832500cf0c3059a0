/**
 * Where a request waits, read while the load runs: the app's own queue figures (lib/observability/queue.ts
 * writes a line a second to QUEUE_METRICS_FILE: event-loop delay, pool wait, transactions waiting and
 * running) and, with --traces, the spans next start sends to a collector here (OTLP over HTTP, JSON).
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { percentile } from "./stats.ts";

type QueueLine = {
  at: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  poolWaitMs: { count: number; p50: number; p95: number; max: number };
  peakWaiting: number;
  peakRunning: number;
};

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : Number.NaN);

/** The app's queue over [from, to] (epoch ms): the median and worst second of each figure. */
export function queueSummary(file: string, from: number, to: number) {
  let lines: QueueLine[] = [];
  try {
    lines = readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as QueueLine)
      .filter((l) => l.at >= from && l.at <= to);
  } catch {
    return null;
  }
  if (!lines.length) return null;
  const busy = lines.filter((l) => l.poolWaitMs.count > 0);
  return {
    seconds: lines.length,
    eventLoopDelayP99Ms: {
      median: median(lines.map((l) => l.eventLoopDelayMs.p99)),
      worst: max(lines.map((l) => l.eventLoopDelayMs.max)),
    },
    poolWaitP95Ms: {
      median: median(busy.map((l) => l.poolWaitMs.p95)),
      worst: max(busy.map((l) => l.poolWaitMs.max)),
    },
    transactionsPerSecond: median(lines.map((l) => l.poolWaitMs.count)),
    peakWaiting: max(lines.map((l) => l.peakWaiting)),
    peakRunning: max(lines.map((l) => l.peakRunning)),
  };
}
export type QueueSummary = NonNullable<ReturnType<typeof queueSummary>>;

type Span = { name: string; end: number; ms: number };
type OtlpValue = { stringValue?: string };
type OtlpSpan = {
  name: string;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: { key: string; value: OtlpValue }[];
};

/** A local OTLP/HTTP (JSON) trace receiver: what a collector in production would see, kept in memory. */
export class TraceCollector {
  private spans: Span[] = [];
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
            resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[];
          };
          for (const rs of body.resourceSpans ?? [])
            for (const ss of rs.scopeSpans ?? [])
              for (const s of ss.spans ?? []) {
                const start = Number(BigInt(s.startTimeUnixNano) / 1000n) / 1000;
                const end = Number(BigInt(s.endTimeUnixNano) / 1000n) / 1000;
                this.spans.push({ name: spanName(s), end, ms: end - start });
              }
        } catch {
          // Not JSON (a protobuf export): counted as nothing.
        }
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }

  /** Span names by total time over [from, to] (epoch ms): count, p50, p95 and total ms. */
  summary(from: number, to: number, top = 12) {
    const by = new Map<string, number[]>();
    for (const s of this.spans)
      if (s.end >= from && s.end <= to) (by.get(s.name) ?? by.set(s.name, []).get(s.name)!).push(s.ms);
    return [...by]
      .map(([name, ms]) => {
        const sorted = ms.sort((a, b) => a - b);
        return {
          name,
          count: ms.length,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          totalMs: ms.reduce((a, b) => a + b, 0),
        };
      })
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, top);
  }

  stop() {
    this.server?.close();
  }
}

/** Next names its spans by kind and puts the route in an attribute: the two together say which page. */
function spanName(s: OtlpSpan): string {
  const route = s.attributes?.find((a) => a.key === "next.route" || a.key === "next.span_name")?.value
    .stringValue;
  return route && !s.name.includes(route) ? `${s.name} ${route}` : s.name;
}

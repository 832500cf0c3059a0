import { appendFileSync } from "node:fs";
import { createHistogram, monitorEventLoopDelay, type RecordableHistogram } from "node:perf_hooks";

/**
 * Where a request waits inside this server process, as numbers the load test reads (bench/load): the event
 * loop's delay (is the one JavaScript thread busy?) and the wait for a pooled database connection (is the
 * pool the queue?), with how many transactions were waiting and running. Kept on globalThis: one record per
 * process, whichever bundle chunk imports it. Costs a counter per transaction when nobody reads it.
 */
type QueueState = {
  poolWait: RecordableHistogram;
  waiting: number;
  running: number;
  peakWaiting: number;
  peakRunning: number;
};

const holder = globalThis as unknown as { __queueState?: QueueState };
function state(): QueueState {
  holder.__queueState ??= {
    poolWait: createHistogram(),
    waiting: 0,
    running: 0,
    peakWaiting: 0,
    peakRunning: 0,
  };
  return holder.__queueState;
}

/** Transactions waiting for a pooled connection and running on one now (load shedding reads them: lib/shedding/admission.ts). */
export function queueFigures(): { waiting: number; running: number } {
  const { waiting, running } = state();
  return { waiting, running };
}

/** A transaction asked the pool for a connection. Returns the call that marks it got one (with its wait). */
export function awaitingConnection(): () => number {
  const s = state();
  s.waiting++;
  s.peakWaiting = Math.max(s.peakWaiting, s.waiting);
  const asked = performance.now();
  let done = false;
  return () => {
    const waited = performance.now() - asked;
    if (done) return waited;
    done = true;
    s.waiting--;
    s.running++;
    s.peakRunning = Math.max(s.peakRunning, s.running);
    // Microseconds, at least 1: the histogram records positive integers.
    s.poolWait.record(Math.max(1, Math.round(waited * 1000)));
    return waited;
  };
}

/** The transaction that got a connection has ended (committed, rolled back or failed). */
export function transactionEnded(): void {
  state().running = Math.max(0, state().running - 1);
}

/** A transaction that failed before it got a connection (the database did not answer). */
export function gaveUpWaiting(): void {
  state().waiting = Math.max(0, state().waiting - 1);
}

const ms = (ns: number) => +(ns / 1e6).toFixed(2);
const msOfMicros = (us: number) => +(us / 1e3).toFixed(2);

/**
 * With QUEUE_METRICS_FILE set (the load test sets it; nothing in production does), one JSON line a second:
 * the event loop's delay and the pool's wait over that second, and the peaks of waiting and running
 * transactions. Each second starts afresh.
 */
export function startQueueMetrics(file: string): void {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const s = state();
  const timer = setInterval(() => {
    const line = {
      at: Date.now(),
      eventLoopDelayMs: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
      poolWaitMs: {
        count: s.poolWait.count,
        p50: msOfMicros(s.poolWait.count ? s.poolWait.percentile(50) : 0),
        p95: msOfMicros(s.poolWait.count ? s.poolWait.percentile(95) : 0),
        max: msOfMicros(s.poolWait.count ? s.poolWait.max : 0),
      },
      peakWaiting: s.peakWaiting,
      peakRunning: s.peakRunning,
    };
    loop.reset();
    s.poolWait.reset();
    s.peakWaiting = s.waiting;
    s.peakRunning = s.running;
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // A measurement aid: a file that cannot be written stops nothing.
    }
  }, 1000);
  timer.unref();
}

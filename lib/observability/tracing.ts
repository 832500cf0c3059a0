import { SpanStatusCode, trace, type Span } from "@opentelemetry/api";

/**
 * The app's own spans, beside Next's (the render of each route): a database transaction and, inside it, the
 * wait for a pooled connection. Without a registered provider (instrumentation.ts registers one only where
 * an OTLP endpoint or Vercel is configured) the API hands out no-op spans, so this costs next to nothing.
 */
const tracer = () => trace.getTracer("noosa-tri-teams");

/** Runs `fn` inside a span named `name`, ended (and marked failed on a throw) when it settles. */
export function inSpan<T>(name: string, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span for something already over, from `startedAt` to now (performance.now() times). */
export function pastSpan(name: string, startedAt: number): void {
  const toEpochMs = (t: number) => performance.timeOrigin + t;
  tracer()
    .startSpan(name, { startTime: toEpochMs(startedAt) })
    .end(toEpochMs(performance.now()));
}

/** Runs once when a server instance starts: say at once what a deployment left unsafe, not on the first sign-in. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { trustedProxyWarning } = await import("./lib/http/client-ip.ts");
  const { databaseLoginWarning } = await import("./lib/db/login-warning.ts");
  for (const warning of [trustedProxyWarning(process.env), databaseLoginWarning(process.env)]) {
    if (warning) console.error(warning);
  }
  // Traces (Next's render spans, and the app's transaction and pool-wait spans: lib/observability) go to
  // Vercel's collector on Vercel, or to the OTLP endpoint named; elsewhere nothing is recorded at all.
  if (process.env.VERCEL === "1" || process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { registerOTel } = await import("@vercel/otel");
    registerOTel({ serviceName: process.env.OTEL_SERVICE_NAME ?? "noosa-tri-teams" });
  }
  // The load test's view of where requests wait in this process (bench/load reads the file).
  if (process.env.QUEUE_METRICS_FILE) {
    const { startQueueMetrics } = await import("./lib/observability/queue.ts");
    startQueueMetrics(process.env.QUEUE_METRICS_FILE);
  }
}

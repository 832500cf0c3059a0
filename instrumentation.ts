/** Runs once when a server instance starts: say at once what a deployment left unsafe, not on the first sign-in. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { trustedProxyWarning } = await import("./lib/http/client-ip.ts");
  const { databaseLoginWarning } = await import("./lib/db/login-warning.ts");
  for (const warning of [trustedProxyWarning(process.env), databaseLoginWarning(process.env)]) {
    if (warning) console.error(warning);
  }
}

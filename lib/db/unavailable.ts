/**
 * The database not answering (restarting, failing over, out of connections) is not a bug in a page:
 * visitors are told so plainly and asked to try again in a moment, instead of "An unexpected error". An
 * error thrown out of lib/db carries this digest; Next keeps a digest it finds on an error, so the error
 * boundary (app/error.tsx) can tell, while production still sends no message or stack to the browser.
 */
export const DB_UNAVAILABLE_DIGEST = "DB_UNAVAILABLE";

// postgres.js' own connection errors, and the SQLSTATE classes of a server going away or not yet ready:
// 08 connection exception, 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now,
// 53300 too many connections.
const CLIENT_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

export function isDbUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "string") return false;
  return CLIENT_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08");
}

/** Marks a connection-level error for the error boundary; any other error passes unchanged. */
export function markDbUnavailable(error: unknown): unknown {
  if (isDbUnavailable(error)) (error as { digest?: string }).digest = DB_UNAVAILABLE_DIGEST;
  return error;
}

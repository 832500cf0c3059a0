import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";

/** Bodies above this are refused (GoTrue requests are a few hundred bytes). */
export const maxBodyBytes = 64 * 1024;

/** An error GoTrue would send: status, machine code, human message (+ extra fields such as weak_password). */
export class AuthError extends Error {
  status: number;
  code: string;
  extra: Record<string, unknown>;
  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

const corsHeaders = {
  "Access-Control-Allow-Methods": "GET,POST,PUT,PATCH,DELETE,OPTIONS",
  "Access-Control-Allow-Headers":
    "apikey, authorization, content-type, x-client-info, x-supabase-api-version, accept, prefer, range, accept-profile, content-profile, x-upsert, x-metadata, cache-control, content-encoding",
  "Access-Control-Expose-Headers":
    "X-Supabase-Api-Version, X-Sb-Error-Code, Content-Range, Content-Disposition, Content-Length, Content-Type, ETag, Last-Modified",
  "Access-Control-Max-Age": "600",
};

/** Browsers on any local origin (dev server, e2e server) may call the API; there is nothing secret to protect. */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
  res.setHeader("Vary", "Origin");
  for (const [name, value] of Object.entries(corsHeaders)) res.setHeader(name, value);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendAuthError(res: ServerResponse, error: AuthError): void {
  // Both `code` and `error_code` (+ msg/message) so every client version reads the code (protocol §A.7).
  sendJson(
    res,
    error.status,
    { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra },
    { "X-Supabase-Api-Version": "2024-01-01", "X-Sb-Error-Code": error.code },
  );
}

/** Reads the body, refusing more than maxBodyBytes without buffering it. */
export function readBody(req: IncomingMessage, limit = maxBodyBytes): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      req.resume();
      return reject(new AuthError(413, "request_too_large", `Request body is larger than ${limit} bytes`));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        reject(new AuthError(413, "request_too_large", `Request body is larger than ${limit} bytes`));
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** JSON object body; empty means {}. Anything else is GoTrue's 400 bad_json. */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AuthError(400, "bad_json", `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new AuthError(400, "bad_json", "Could not parse request body as JSON: expected an object");
  }
  return value as Record<string, unknown>;
}

/** Constant-time comparison of a presented key with the project's secret key. */
export function sameSecret(given: string | undefined, secret: string): boolean {
  if (!given || !secret) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The address Auth's per-address limits count against. Like hosted Supabase Auth, a trusted server may
 * name its visitor in `Sb-Forwarded-For` (first value, a valid IP address); it is honoured only when the
 * request carries the project's secret key as `apikey`, which only the app server has
 * (https://supabase.com/docs/guides/auth/rate-limits, "IP address forwarding"). Anyone else is counted
 * by the socket's address, whatever headers they send.
 */
export function clientIp(req: IncomingMessage, secretKey = ""): string {
  const socket = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  const header = req.headers["sb-forwarded-for"];
  const apikey = req.headers.apikey;
  if (typeof header !== "string" || typeof apikey !== "string" || !sameSecret(apikey, secretKey))
    return socket;
  const forwarded = header.split(",")[0]!.trim();
  return isIP(forwarded) ? forwarded : socket;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

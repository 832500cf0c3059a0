import { createServer, type Server, type ServerResponse } from "node:http";
import type { AuthContext } from "./auth/context.ts";
import { handleAuth } from "./auth/router.ts";
import { applyCors, sendJson } from "./http.ts";
import { handleLocalSwitches } from "./local-switches.ts";
import { handleMailbox, isMailboxPath } from "./mailbox.ts";
import type { StorageContext } from "./storage/context.ts";
import { handleStorage, STORAGE_PREFIX } from "./storage/router.ts";

const apiPort = (ctx: AuthContext) => Number(new URL(ctx.url).port);

/** The /__local/auth-fault switch: Auth answers late, or not at all (503, as hosted Auth's gateway). */
async function withAuthFault(ctx: AuthContext, res: ServerResponse, handle: () => Promise<void>) {
  const { delayMs, down } = ctx.authFault;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (!down) return handle();
  res.writeHead(503, { "Content-Type": "application/json", "Retry-After": "5" });
  res.end(JSON.stringify({ message: "Auth is unavailable (local fault switch)" }));
}

/**
 * One origin for everything, like a Supabase project URL: /auth/v1, /storage/v1 (null: [storage] disabled),
 * /realtime/v1 (upgrades), /mailbox.
 */
export function createApiServer(ctx: AuthContext, storage: StorageContext | null = null): Server {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    // The mailbox gets no CORS at all (see mailbox.ts); Auth and Realtime are called from app pages.
    if (isMailboxPath(url.pathname)) return void handleMailbox(ctx.mailbox, req, res, url, apiPort(ctx));
    applyCors(req, res);
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    const done = (p: Promise<void> | void) =>
      Promise.resolve(p).catch((error: unknown) => {
        console.error("[local api] unexpected error:", error);
        if (!res.headersSent) sendJson(res, 500, { message: "Unexpected failure" });
        else res.destroy();
      });
    if (url.pathname.startsWith("/auth/v1/") || url.pathname === "/auth/v1")
      return done(withAuthFault(ctx, res, () => handleAuth(ctx, req, res, url)));
    if (storage && url.pathname.startsWith(`${STORAGE_PREFIX}/`))
      return done(handleStorage(storage, req, res, url));
    if (url.pathname.startsWith("/__local/")) return done(handleLocalSwitches(ctx, req, res, url));
    if (url.pathname === "/" || url.pathname === "/health") {
      return sendJson(res, 200, {
        name: "supabase-local",
        auth: "/auth/v1",
        ...(storage ? { storage: STORAGE_PREFIX } : {}),
        realtime: "/realtime/v1/websocket",
        mailbox: "/mailbox",
      });
    }
    sendJson(res, 404, { message: "Not found", code: "not_found" });
  });
  // Slow or stuck clients must not pin sockets forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  return server;
}

import { createServer, type Server } from "node:http";
import type { AuthContext } from "./auth/context.ts";
import { handleAuth } from "./auth/router.ts";
import { applyCors, sendJson } from "./http.ts";
import { handleLocalSwitches } from "./local-switches.ts";
import { handleMailbox } from "./mailbox.ts";

/** One origin for everything, like a Supabase project URL: /auth/v1, /realtime/v1 (upgrades), /mailbox. */
export function createApiServer(ctx: AuthContext): Server {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
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
      return done(handleAuth(ctx, req, res, url));
    if (url.pathname.startsWith("/__local/")) return done(handleLocalSwitches(ctx, req, res, url));
    if (handleMailbox(ctx.mailbox, req, res, url)) return;
    if (url.pathname === "/" || url.pathname === "/health") {
      return sendJson(res, 200, {
        name: "supabase-local",
        auth: "/auth/v1",
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

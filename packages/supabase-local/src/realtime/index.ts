import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import postgres from "postgres";
import { WebSocketServer } from "ws";
import { installCapture, sweepChanges } from "./capture.ts";
import { Connection } from "./connection.ts";
import { ChangeFeed } from "./feed.ts";
import { Hub } from "./hub.ts";
import { Rooms } from "./rooms.ts";
import { vsnFrom } from "./serializer.ts";
import type { RealtimeClaims } from "./claims.ts";

export type { RealtimeClaims };

export type RealtimeOptions = {
  /** The API server that also serves /auth/v1; Realtime takes its upgrades on /realtime/v1/websocket. */
  server: Server;
  /**
   * Superuser connection string of the local Postgres: used once, to install change capture. The service
   * itself logs in as supabase_realtime_admin on the same server (realtimeDbUrl).
   */
  adminUrl: string;
  /** Verifies an access token from a join or access_token message; null when invalid or expired. */
  verifyToken: (jwt: string) => Promise<RealtimeClaims | null>;
  /** Optional: where diagnostics go (default: stderr). */
  log?: (line: string) => void;
};

export type RealtimeHandle = {
  close(): Promise<void>;
  /** Test switch: drops every Realtime socket at once (as a server restart would); returns how many. */
  dropSockets(): number;
};

export const REALTIME_PATH = "/realtime/v1/websocket";

/** Realtime's own login, as hosted's: supabase_realtime_admin (its local password is set by bootstrap.sql). */
export function realtimeDbUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.username = "supabase_realtime_admin";
  url.password = "local-realtime-admin";
  return url.toString();
}
/** Larger frames close the socket (1009): realtime-js frames are small, so this only stops abuse. */
export const MAX_FRAME_BYTES = 1024 * 1024;

/**
 * The Realtime stand-in: Phoenix channels with `postgres_changes` on `server`, fed by row triggers in
 * the local Postgres (see capture.ts) and filtered by each subscriber's RLS, like hosted Supabase.
 */
export async function attachRealtime(options: RealtimeOptions): Promise<RealtimeHandle> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // The triggers that stand in for the WAL are the superuser's to install; nothing else runs as it.
  const installer = postgres(options.adminUrl, { max: 1, onnotice: () => {} });
  try {
    await installCapture(installer);
  } finally {
    await installer.end({ timeout: 1 });
  }
  const dbUrl = realtimeDbUrl(options.adminUrl);
  const sql = postgres(dbUrl, {
    max: 4,
    onnotice: () => {},
    backoff: () => 0.1, // reconnect promptly after a database restart (default grows to seconds)
    connection: { application_name: "local-realtime" },
  });
  const hub = new Hub(sql, log);
  const feed = new ChangeFeed({
    dbUrl,
    onId: (id) => hub.enqueue(id),
    onLost: () => hub.pause(),
    onReconnect: () => hub.recover(),
    log,
  });
  try {
    await feed.start();
  } catch (error) {
    await Promise.all([feed.close(), sql.end({ timeout: 1 })]);
    throw error;
  }
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const deps = { hub, rooms: new Rooms(), sql, verifyToken: options.verifyToken, log };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://local");
    if (url.pathname !== REALTIME_PATH) {
      // Leave other paths to other upgrade handlers; if there are none, refuse cleanly.
      if (options.server.listenerCount("upgrade") === 1) {
        socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      }
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      new Connection(ws, vsnFrom(url.searchParams.get("vsn")), deps);
    });
  };
  options.server.on("upgrade", onUpgrade);
  const sweeper = setInterval(() => {
    sweepChanges(sql).catch((error: unknown) =>
      log(`realtime: sweeping old changes failed: ${(error as Error).message}`),
    );
  }, 60_000);
  sweeper.unref();

  return {
    dropSockets() {
      const count = wss.clients.size;
      for (const ws of wss.clients) ws.terminate();
      return count;
    },
    async close() {
      clearInterval(sweeper);
      options.server.off("upgrade", onUpgrade);
      for (const ws of wss.clients) ws.close(1001, "server shutting down");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await feed.close().catch(() => {});
      await hub.settled();
      hub.close();
      await sql.end({ timeout: 1 });
    },
  };
}

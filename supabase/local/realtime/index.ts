import type { Server } from "node:http";

export type RealtimeClaims = { sub?: string; role: string; [claim: string]: unknown };

export type RealtimeOptions = {
  /** The API server that also serves /auth/v1; Realtime takes its upgrades on /realtime/v1/websocket. */
  server: Server;
  /** Superuser connection string of the local Postgres. */
  adminUrl: string;
  /** Verifies an access token from a join or access_token message; null when invalid or expired. */
  verifyToken: (jwt: string) => Promise<RealtimeClaims | null>;
};

export type RealtimeHandle = { close(): Promise<void> };

/** Placeholder until the Realtime stand-in lands: accepts nothing, stops cleanly. */
export async function attachRealtime(_options: RealtimeOptions): Promise<RealtimeHandle> {
  return { close: async () => {} };
}

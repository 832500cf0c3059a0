import postgres from "postgres";
import { CHANNEL } from "./capture.ts";

export type FeedOptions = {
  /** Realtime's own login (supabase_realtime_admin): LISTEN needs no other right. */
  dbUrl: string;
  /** A change id NOTIFYed by the capture trigger. */
  onId: (id: string) => void;
  /** The LISTEN connection was lost. */
  onLost: () => void;
  /** The LISTEN is back after a lost connection (e.g. Postgres restarted): recover what was missed. */
  onReconnect: () => Promise<void>;
  log: (line: string) => void;
};

// Short steps, so a restarted database is listened to again well within a second or two.
const BACKOFF_MS = [100, 200, 400, 800, 1000];

/**
 * The LISTEN connection of the stand-in, kept alive across Postgres restarts. postgres.js re-listens
 * once when its connection closes and gives up silently if the database is still down, so this owns
 * the connection: on close it retries with backoff until LISTEN succeeds, then calls `onReconnect`.
 */
export class ChangeFeed {
  private readonly sql: postgres.Sql;
  private readonly options: FeedOptions;
  private retrying = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: FeedOptions) {
    this.options = options;
    // `onnotify` is what sql.listen uses internally; it is not in the typings, hence the cast.
    const onnotify = (channel: string, payload: string) => {
      if (channel === CHANNEL) options.onId(payload);
    };
    this.sql = postgres(options.dbUrl, {
      onnotify,
      max: 1,
      idle_timeout: 0,
      max_lifetime: null,
      connect_timeout: 2,
      fetch_types: false,
      onnotice: () => {},
      // postgres.js waits up to 3^retries/100 s before reconnecting; keep it short after a restart.
      backoff: () => 0.1,
      onclose: () => this.lost(),
      connection: { application_name: "local-realtime-listen" },
    } as postgres.Options<Record<string, postgres.PostgresType>>);
  }

  /** The first LISTEN; throws when the database cannot be reached (the stack then fails to start). */
  async start(): Promise<void> {
    await this.sql.unsafe(`listen ${CHANNEL}`);
  }

  private lost(): void {
    if (this.stopped || this.retrying) return;
    this.retrying = true;
    this.options.onLost();
    this.options.log("realtime: lost the database connection; reconnecting");
    void this.retry(0);
  }

  private async retry(attempt: number): Promise<void> {
    if (this.stopped) return;
    try {
      await this.sql.unsafe(`listen ${CHANNEL}`);
    } catch {
      const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
      this.timer = setTimeout(() => void this.retry(attempt + 1), wait);
      this.timer.unref();
      return;
    }
    this.retrying = false;
    this.options.log("realtime: database connection is back");
    await this.options.onReconnect().catch((error: unknown) => {
      this.options.log(`realtime: recovering after a reconnect failed: ${(error as Error).message}`);
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.sql.end({ timeout: 1 });
  }
}

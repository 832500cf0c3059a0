import type postgres from "postgres";
import type { RealtimeClaims } from "./claims.ts";
import type { Binding } from "./bindings.ts";
import { matchesFilter } from "./filter.ts";
import { dropChanges, readChanges, SCHEMA, type ChangeRow } from "./capture.ts";
import { Visibility, type Verdicts } from "./visibility.ts";

/** A joined channel as delivery sees it; owned by its connection. */
export type Subscription = {
  topic: string;
  claims: RealtimeClaims;
  bindings: Binding[];
  /** Sends a `postgres_changes` event; `dataJson` is the serialized `data` object. */
  deliver: (ids: number[], dataJson: string) => void;
  /** Ends the channel with an error, so the client rejoins (and the app fetches what it missed). */
  fail: (reason: string) => void;
};

type Column = { name: string; type: string };
type Planned = {
  change: ChangeRow;
  oldRecord: Record<string, unknown>;
  matched: { sub: Subscription; ids: number[] }[];
};

function pick(row: Record<string, unknown> | null, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (row) for (const key of keys) if (key in row) out[key] = row[key];
  return out;
}

/** The row without the columns the role may not read, keys in table column order (jsonb sorts them). */
function visibleRow(
  row: Record<string, unknown>,
  columns: Column[],
  hidden: Set<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name } of columns) if (name in row && !hidden.has(name)) out[name] = row[name];
  return out;
}

function bindingMatches(
  b: Binding,
  change: ChangeRow,
  filterRow: Record<string, unknown>,
  types: Map<string, string>,
) {
  if (b.event !== "*" && b.event !== change.op) return false;
  if (b.schema !== "*" && b.schema !== change.schema_name) return false;
  if (b.table !== null && b.table !== change.table_name) return false;
  if (b.filter === null) return true;
  return matchesFilter(b.filter, filterRow, types.get(b.filter.column) ?? "text");
}

// Claim sets are compared by content; a subscription's claims object is reused for every change.
const claimKeys = new WeakMap<RealtimeClaims, string>();
function keyOf(claims: RealtimeClaims): string {
  let key = claimKeys.get(claims);
  if (key === undefined) claimKeys.set(claims, (key = JSON.stringify(claims)));
  return key;
}

const byId = (a: string, b: string) => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};
/** How many delivered change ids are remembered, so a change read twice is sent once. */
const REMEMBERED = 20_000;

/**
 * Routes captured changes to subscriptions, in commit (NOTIFY) order. Everything queued is taken as one
 * batch, and each table's rows in a batch cost one visibility query for all subscribers together.
 *
 * A change leaves the queue table only once it was delivered. When delivery fails (the database going
 * away between reading a change and checking who may see it, as in a restart under load), the batch
 * stays first in line and is tried again with short backoff, and recover() reads the queue again once
 * the database is back; delivered ids are remembered, so a change read twice is sent once.
 */
export class Hub {
  readonly subscriptions = new Set<Subscription>();
  private pending: string[] = [];
  /** Ids in `pending`, so one notified and also read from the queue is delivered once. */
  private readonly queued = new Set<string>();
  private readonly delivered = new Set<string>();
  private running = false;
  private kickQueued = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;
  private readonly warnedNoPk = new Set<string>();
  private readonly sql: postgres.Sql;
  private readonly log: (line: string) => void;
  private readonly visibility: Visibility;
  private idle: Promise<void> = Promise.resolve();
  /** Deletes of delivered changes still in flight (settled() waits for them). */
  private readonly dropping = new Set<Promise<void>>();
  /** The highest change id notified so far: tells a reset queue (crash restart) from a kept one. */
  private maxSeen = 0n;
  /** While the LISTEN connection is down or recovering, notified ids wait here (see recover). */
  private paused = false;
  private held: string[] = [];

  constructor(sql: postgres.Sql, log: (line: string) => void) {
    this.sql = sql;
    this.log = log;
    this.visibility = new Visibility(sql, log);
  }

  enqueue(id: string): void {
    if (!/^\d+$/.test(id)) return;
    if (BigInt(id) > this.maxSeen) this.maxSeen = BigInt(id);
    if (this.paused) return void this.held.push(id);
    if (this.queued.has(id)) return;
    this.queued.add(id);
    this.pending.push(id);
    // The ids of one commit (e.g. an RSVP and its date's new counts) arrive in one read of the LISTEN
    // socket, one notification after another: starting the drain after them makes them one batch, with
    // one read and one visibility check per table, instead of a batch (and its round trips) each.
    if (!this.kickQueued) {
      this.kickQueued = true;
      queueMicrotask(() => {
        this.kickQueued = false;
        this.kick();
      });
    }
  }

  private kick(): void {
    if (!this.running && !this.retryTimer && !this.closed) this.idle = this.drain();
  }

  /** Resolves when everything notified so far has been handled (used on shutdown). */
  async settled(): Promise<void> {
    await this.idle;
    await Promise.all(this.dropping);
  }

  /** No more deliveries or retries (the stack is stopping). */
  close(): void {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /**
   * After the LISTEN connection is back: changes committed while it was down lost their NOTIFY but sit
   * in the queue, so they are taken now, in commit order. If the queue itself was reset (an unlogged
   * table is emptied by crash recovery), what it held is gone: every channel is then ended with an
   * error, realtime-js rejoins it, and the app's catch-up on (re)subscribe fetches what was missed.
   */
  async recover(): Promise<void> {
    // Ids notified on the new connection wait until the queue is read, so delivery keeps commit order.
    this.paused = true;
    let queued: string[] = [];
    try {
      const [row] = await this.sql.unsafe<{ last: string | null }[]>(
        `select pg_sequence_last_value(pg_get_serial_sequence('${SCHEMA}.changes', 'id')::regclass)::text as last`,
      );
      if (this.maxSeen > 0n && (row?.last == null || BigInt(row.last) < this.maxSeen)) {
        this.maxSeen = 0n;
        // The ids start again: what waited and what was delivered name other changes now.
        this.pending = [];
        this.queued.clear();
        this.delivered.clear();
        for (const sub of [...this.subscriptions])
          sub.fail("Realtime lost changes while the database restarted");
      }
      const rows = await this.sql.unsafe<{ id: string }[]>(`select id::text from ${SCHEMA}.changes`);
      queued = rows.map((r) => r.id);
    } finally {
      const ids = [...new Set([...queued, ...this.held])];
      this.held = [];
      this.paused = false;
      for (const id of ids) this.enqueue(id);
      this.pending.sort(byId);
      // The database is back: what waits for a retry goes now.
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.failures = 0;
      this.kick();
    }
  }

  /** The LISTEN connection is gone: hold notifications until recover() has read the queue. */
  pause(): void {
    this.paused = true;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.length > 0 && !this.closed) {
        const batch = this.pending.slice(0, 500);
        try {
          await this.deliverBatch(batch);
        } catch (error) {
          // Left first in line and in the queue table: tried again soon, or read again by recover().
          this.failures += 1;
          const wait = Math.min(100 * 2 ** (this.failures - 1), 2000);
          this.log(
            `realtime: delivering ${batch.length} changes failed (${(error as Error).message}); trying again in ${wait} ms`,
          );
          this.retryTimer = setTimeout(() => {
            this.retryTimer = null;
            this.kick();
          }, wait);
          this.retryTimer.unref();
          return;
        }
        this.failures = 0;
        const done = new Set(batch);
        this.pending = this.pending.filter((id) => !done.has(id));
        for (const id of batch) this.queued.delete(id);
      }
    } finally {
      this.running = false;
    }
  }

  /** Reads and delivers the changes not delivered yet, then takes the whole batch off the queue. */
  private async deliverBatch(ids: string[]): Promise<void> {
    const fresh = ids.filter((id) => !this.delivered.has(id));
    if (fresh.length > 0) await this.dispatch(await readChanges(this.sql, fresh));
    for (const id of fresh) {
      this.delivered.add(id);
      if (this.delivered.size > REMEMBERED) this.delivered.delete(this.delivered.values().next().value!);
    }
    // Delivered: taking them off the queue does not hold up the next batch (a change that lands meanwhile
    // waited for this round trip). A failure here only leaves rows that are skipped when read again (as
    // delivered) and swept later.
    const dropping = dropChanges(this.sql, ids)
      .catch((error: unknown) =>
        this.log(`realtime: taking delivered changes off the queue failed: ${(error as Error).message}`),
      )
      .finally(() => this.dropping.delete(dropping));
    this.dropping.add(dropping);
  }

  private plan(change: ChangeRow): Planned {
    const types = new Map(change.columns.map((c: Column) => [c.name, c.type]));
    // As Supabase: the old row in full only with REPLICA IDENTITY FULL on a table without RLS, else its key.
    const oldRecord =
      change.replica_full && !change.rls ? (change.old_record ?? {}) : pick(change.old_record, change.pk);
    const filterRow = change.op === "DELETE" ? oldRecord : (change.record ?? {});
    const matched: Planned["matched"] = [];
    for (const sub of this.subscriptions) {
      const ids = sub.bindings.filter((b) => bindingMatches(b, change, filterRow, types)).map((b) => b.id);
      if (ids.length > 0) matched.push({ sub, ids: [...new Set(ids)] });
    }
    if (matched.length > 0 && change.pk.length === 0) {
      const name = `${change.schema_name}.${change.table_name}`;
      if (!this.warnedNoPk.has(name))
        this.log(`realtime: ${name} has no primary key; its changes are not delivered`);
      this.warnedNoPk.add(name);
      return { change, oldRecord, matched: [] };
    }
    return { change, oldRecord, matched };
  }

  private async dispatch(changes: ChangeRow[]): Promise<void> {
    if (this.subscriptions.size === 0) return;
    const plans = changes.map((c) => this.plan(c)).filter((p) => p.matched.length > 0);
    // Group by table and kind of check; then deliver in the original order.
    const groups = new Map<string, Planned[]>();
    for (const p of plans) {
      const key = `${p.change.relid}:${p.change.op === "DELETE" ? "d" : "r"}`;
      groups.set(key, [...(groups.get(key) ?? []), p]);
    }
    const verdictOf = new Map<Planned, Map<string, Set<string> | null>>();
    const checkGroup = async (group: Planned[]) => {
      const distinct = new Map<string, RealtimeClaims>();
      for (const p of group) for (const { sub } of p.matched) distinct.set(keyOf(sub.claims), sub.claims);
      const claims = [...distinct.values()];
      const { relid, pk } = group[0]!.change;
      const verdicts: Verdicts =
        group[0]!.change.op === "DELETE"
          ? await this.visibility.withoutRowCheck({ relid, pk }, group.length, claims)
          : await this.visibility.check(
              { relid, pk },
              group.map((p) => pick(p.change.record, pk)),
              claims,
            );
      group.forEach((p, r) =>
        verdictOf.set(p, new Map([...distinct.keys()].map((k, c) => [k, verdicts[r]?.[c] ?? null]))),
      );
    };
    // Each table's check is its own statement: sent together, they cost one round trip, not one each.
    await Promise.all([...groups.values()].map(checkGroup));
    for (const p of plans) this.deliver(p, verdictOf.get(p)!);
  }

  private deliver(
    { change, oldRecord, matched }: Planned,
    hiddenByClaims: Map<string, Set<string> | null>,
  ): void {
    const commitTimestamp = new Date(change.commit_ts).toISOString();
    // Subscribers whose roles read the same columns share one serialization of the change.
    const serialized = new Map<string, string>();
    for (const { sub, ids } of matched) {
      const hidden = hiddenByClaims.get(keyOf(sub.claims));
      if (!hidden) continue;
      const shape = [...hidden].sort().join(",");
      let dataJson = serialized.get(shape);
      if (dataJson === undefined) {
        const data: Record<string, unknown> = {
          schema: change.schema_name,
          table: change.table_name,
          commit_timestamp: commitTimestamp,
          type: change.op,
          errors: null,
          columns: change.columns.filter((c) => !hidden.has(c.name)),
        };
        if (change.op !== "DELETE") data.record = visibleRow(change.record ?? {}, change.columns, hidden);
        if (change.op !== "INSERT") data.old_record = visibleRow(oldRecord, change.columns, hidden);
        dataJson = JSON.stringify(data);
        serialized.set(shape, dataJson);
      }
      // One subscriber's closed socket must not stop the others' delivery (nor make the batch retried).
      try {
        sub.deliver(ids, dataJson);
      } catch (error) {
        this.log(`realtime: sending a change on ${sub.topic} failed: ${(error as Error).message}`);
      }
    }
  }
}

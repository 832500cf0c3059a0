import type postgres from "postgres";
import type { RealtimeClaims } from "./index.ts";
import type { Binding } from "./bindings.ts";
import { matchesFilter } from "./filter.ts";
import { SCHEMA, takeChanges, type ChangeRow } from "./capture.ts";

/** A joined channel as delivery sees it; owned by its connection. */
export type Subscription = {
  topic: string;
  claims: RealtimeClaims;
  bindings: Binding[];
  deliver: (payload: Record<string, unknown>) => void;
};

type Column = { name: string; type: string };

function pick(row: Record<string, unknown> | null, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (row) for (const key of keys) if (key in row) out[key] = row[key];
  return out;
}

/** The row without the columns the role may not read, keys in table column order (jsonb sorts them). */
function visibleRow(row: Record<string, unknown>, columns: Column[], hidden: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name } of columns) if (name in row && !hidden.has(name)) out[name] = row[name];
  return out;
}

function bindingMatches(b: Binding, change: ChangeRow, filterRow: Record<string, unknown>, types: Map<string, string>) {
  if (b.event !== "*" && b.event !== change.op) return false;
  if (b.schema !== "*" && b.schema !== change.schema_name) return false;
  if (b.table !== null && b.table !== change.table_name) return false;
  if (b.filter === null) return true;
  return matchesFilter(b.filter, filterRow, types.get(b.filter.column) ?? "text");
}

/**
 * Routes captured changes to subscriptions. Changes are processed one batch at a time in commit
 * (NOTIFY) order; each change costs one query for all subscribers' visibility, whatever their number.
 */
export class Hub {
  readonly subscriptions = new Set<Subscription>();
  private pending: string[] = [];
  private running = false;
  private readonly warnedNoPk = new Set<string>();
  private readonly sql: postgres.Sql;
  private readonly log: (line: string) => void;
  private idle: Promise<void> = Promise.resolve();

  constructor(sql: postgres.Sql, log: (line: string) => void) {
    this.sql = sql;
    this.log = log;
  }

  enqueue(id: string): void {
    if (!/^\d+$/.test(id)) return;
    this.pending.push(id);
    if (!this.running) this.idle = this.drain();
  }

  /** Resolves when everything notified so far has been delivered (used on shutdown). */
  settled(): Promise<void> {
    return this.idle;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.length > 0) {
        const ids = this.pending.splice(0, 500);
        try {
          const changes = await takeChanges(this.sql, ids);
          for (const change of changes) await this.dispatch(change);
        } catch (error) {
          this.log(`realtime: delivering changes failed: ${(error as Error).message}`);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async dispatch(change: ChangeRow): Promise<void> {
    if (this.subscriptions.size === 0) return;
    const types = new Map(change.columns.map((c: Column) => [c.name, c.type]));
    const isDelete = change.op === "DELETE";
    // Deleted rows cannot be checked against RLS any more: like Supabase, only their primary key goes out.
    const oldRecord = change.replica_full && !change.rls ? (change.old_record ?? {}) : pick(change.old_record, change.pk);
    const filterRow = isDelete ? oldRecord : (change.record ?? {});
    const matched: { sub: Subscription; ids: number[] }[] = [];
    for (const sub of this.subscriptions) {
      const ids = sub.bindings.filter((b) => bindingMatches(b, change, filterRow, types)).map((b) => b.id);
      if (ids.length > 0) matched.push({ sub, ids: [...new Set(ids)] });
    }
    if (matched.length === 0) return;

    // Per distinct claim set: null = row hidden, else the columns that role may not read.
    const hiddenByClaims = new Map<string, Set<string> | null>();
    const keyOf = (claims: RealtimeClaims) => JSON.stringify(claims);
    if (isDelete) {
      for (const { sub } of matched) hiddenByClaims.set(keyOf(sub.claims), new Set());
    } else {
      if (change.pk.length === 0) {
        const name = `${change.schema_name}.${change.table_name}`;
        if (!this.warnedNoPk.has(name)) this.log(`realtime: ${name} has no primary key; its changes are not delivered`);
        this.warnedNoPk.add(name);
        return;
      }
      const distinct = new Map<string, RealtimeClaims>();
      for (const { sub } of matched) distinct.set(keyOf(sub.claims), sub.claims);
      const keys = [...distinct.keys()];
      const claimSets = keys.map((k) => ({ role: distinct.get(k)!.role, claims: distinct.get(k) }));
      const pk = pick(change.record, change.pk);
      const [row] = await this.sql.unsafe<{ v: (string[] | null)[] }[]>(
        `select ${SCHEMA}.visibility($1::oid::regclass, $2::text::jsonb, $3::text::jsonb) as v`,
        [change.relid, JSON.stringify(pk), JSON.stringify(claimSets)],
      );
      keys.forEach((k, i) => {
        const hidden = row?.v[i];
        hiddenByClaims.set(k, hidden ? new Set(hidden) : null);
      });
    }

    const commitTimestamp = new Date(change.commit_ts).toISOString();
    for (const { sub, ids } of matched) {
      const hidden = hiddenByClaims.get(keyOf(sub.claims));
      if (hidden === null || hidden === undefined) continue;
      const data: Record<string, unknown> = {
        schema: change.schema_name,
        table: change.table_name,
        commit_timestamp: commitTimestamp,
        type: change.op,
        errors: null,
        columns: change.columns.filter((c) => !hidden.has(c.name)),
      };
      if (!isDelete) data.record = visibleRow(change.record ?? {}, change.columns, hidden);
      if (change.op !== "INSERT") data.old_record = visibleRow(oldRecord, change.columns, hidden);
      sub.deliver({ ids, data });
    }
  }
}

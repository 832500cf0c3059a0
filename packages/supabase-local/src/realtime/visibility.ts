import type postgres from "postgres";
import type { RealtimeClaims } from "./claims.ts";
import { SCHEMA } from "./capture.ts";

/** SQL for `{role: [columns it may not SELECT]}`, given the parameter numbers of the table oid and roles. */
const hiddenColumns = (rel: string, roles: string) => `(select coalesce(jsonb_object_agg(r, (
    select coalesce(jsonb_agg(a.attname), '[]') from pg_attribute a
    where a.attrelid = ${rel}::oid and a.attnum > 0 and not a.attisdropped
      and not has_column_privilege(r, ${rel}::oid, a.attnum, 'SELECT'))), '{}')
  from unnest(string_to_array(${roles}, ',')) r) as hidden`;

type Table = { relid: number; pk: string[] };
type Row = { v: boolean[][] | null; hidden: Record<string, string[]> };
/** verdicts[row][claimSet]: null when that row is hidden from that subscriber, else the columns its role may not read. */
export type Verdicts = (Set<string> | null)[][];

/**
 * Supabase's delivery rule, asked of Postgres: may each claim set SELECT these rows under RLS, and
 * which columns may its role not read? One round trip per table and batch, whatever the number of
 * subscribers and rows.
 */
export class Visibility {
  private readonly checkers = new Map<number, { pk: string; name: string }>();
  private readonly sql: postgres.Sql;
  private readonly log: (line: string) => void;

  constructor(sql: postgres.Sql, log: (line: string) => void) {
    this.sql = sql;
    this.log = log;
  }

  /** Column rights only, for deletes: a deleted row cannot be selected any more (Supabase skips RLS). */
  async withoutRowCheck(table: Table, rows: number, claimSets: RealtimeClaims[]): Promise<Verdicts> {
    const roles = [...new Set(claimSets.map((c) => c.role))];
    const [row] = await this.sql.unsafe<Row[]>(`select ${hiddenColumns("$1", "$2")}`, [
      table.relid,
      roles.join(","),
    ]);
    const sets = claimSets.map((c) => new Set(row?.hidden[c.role] ?? []));
    return Array.from({ length: rows }, () => sets);
  }

  async check(table: Table, keys: Record<string, unknown>[], claimSets: RealtimeClaims[]): Promise<Verdicts> {
    // Sorted by role so a checker switches role (and re-plans) as rarely as possible.
    const order = claimSets
      .map((_, i) => i)
      .sort((a, b) => claimSets[a]!.role.localeCompare(claimSets[b]!.role));
    const sets = JSON.stringify(order.map((i) => ({ role: claimSets[i]!.role, claims: claimSets[i] })));
    const roles = [...new Set(claimSets.map((c) => c.role))].join(",");
    let row: Row | undefined;
    try {
      const name = await this.checker(table);
      [row] = await this.sql.unsafe<Row[]>(
        `select ${SCHEMA}.${name}($1::text::jsonb, $2::text::jsonb) as v, ${hiddenColumns("$3", "$4")}`,
        [JSON.stringify(keys), sets, table.relid, roles],
      );
    } catch (error) {
      this.checkers.delete(table.relid);
      this.log(`realtime: fast visibility check failed (${(error as Error).message}); using the generic one`);
      row = await this.generic(table, keys, sets, roles);
    }
    return keys.map((_, r) => {
      const verdicts: (Set<string> | null)[] = new Array(claimSets.length).fill(null);
      order.forEach((original, position) => {
        if (row?.v?.[position]?.[r] === true)
          verdicts[original] = new Set(row.hidden[claimSets[original]!.role] ?? []);
      });
      return verdicts;
    });
  }

  /** Row by row, each claim set isolated: slow, but a policy that raises only hides the row from that subscriber. */
  private async generic(
    table: Table,
    keys: Record<string, unknown>[],
    sets: string,
    roles: string,
  ): Promise<Row> {
    const perRow: boolean[][] = [];
    let hidden: Record<string, string[]> = {};
    for (const key of keys) {
      const [row] = await this.sql.unsafe<{ v: boolean[]; hidden: Record<string, string[]> }[]>(
        `select ${SCHEMA}.visibility($3::oid::regclass, $1::text::jsonb, $2::text::jsonb) as v, ${hiddenColumns("$3", "$4")}`,
        [JSON.stringify(key), sets, table.relid, roles],
      );
      perRow.push(row?.v ?? []);
      hidden = row?.hidden ?? {};
    }
    // Transpose to the checker's shape: per claim set, per row.
    const count = JSON.parse(sets).length as number;
    return { v: Array.from({ length: count }, (_, c) => perRow.map((r) => r[c] === true)), hidden };
  }

  private async checker(table: Table): Promise<string> {
    const pk = table.pk.join(",");
    const known = this.checkers.get(table.relid);
    if (known && known.pk === pk) return known.name;
    const [made] = await this.sql.unsafe<{ name: string }[]>(
      `select ${SCHEMA}.make_checker($1::oid::regclass, string_to_array($2, ',')) as name`,
      [table.relid, pk],
    );
    const name = made!.name;
    if (!/^visible_\d+$/.test(name)) throw new Error(`unexpected checker name ${name}`);
    this.checkers.set(table.relid, { pk, name });
    return name;
  }
}

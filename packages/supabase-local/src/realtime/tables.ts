import type postgres from "postgres";
import type { Binding } from "./bindings.ts";

/**
 * Checks that every binding names an existing table (or a schema, for table-less bindings) and that
 * filter columns exist, as the real server does when it registers a subscription. Null when all is well.
 */
export async function checkTables(sql: postgres.Sql, bindings: Binding[]): Promise<string | null> {
  const wanted = bindings.filter((b) => b.schema !== "*");
  if (wanted.length === 0) return null;
  const rows = await sql.unsafe<{ i: number; exists: boolean; columns: string[] }[]>(
    `select b.i::int,
       case when b.tbl = '' then exists (select 1 from pg_namespace where nspname = b.sch)
            else to_regclass(format('%I.%I', b.sch, b.tbl)) is not null end as exists,
       coalesce((select array_agg(a.attname::text) from pg_attribute a
                 where b.tbl <> '' and a.attrelid = to_regclass(format('%I.%I', b.sch, b.tbl))
                   and a.attnum > 0 and not a.attisdropped), '{}') as columns
     from jsonb_to_recordset($1::text::jsonb) as b(i int, sch text, tbl text)`,
    [JSON.stringify(wanted.map((b, i) => ({ i, sch: b.schema, tbl: b.table ?? "" })))],
  );
  for (const row of rows) {
    const b = wanted[row.i];
    if (!b) continue;
    const name = b.table === null ? `schema ${b.schema}` : `table ${b.schema}.${b.table}`;
    if (!row.exists) return `${name} does not exist`;
    if (b.filter && !row.columns.includes(b.filter.column)) {
      return `column ${b.filter.column} does not exist on ${name}`;
    }
  }
  return null;
}

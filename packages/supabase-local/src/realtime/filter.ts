/**
 * The `postgres_changes` filter grammar Supabase Realtime accepts: `column=op.value` with
 * op ∈ eq, neq, lt, lte, gt, gte, in (`in.(a,b,"c,d")`). Values are compared the way Postgres
 * would compare them after casting the filter text to the column's type.
 */
export type FilterOp = "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "in";
export type Filter = { column: string; op: FilterOp; values: string[] };
export type ParseResult = { ok: true; filter: Filter } | { ok: false; reason: string };

const OPS = new Set<string>(["eq", "neq", "lt", "lte", "gt", "gte", "in"]);
// The real server caps `in` lists at 100 values.
const MAX_IN_VALUES = 100;

function parseInList(text: string): string[] | null {
  if (!text.startsWith("(") || !text.endsWith(")")) return null;
  const body = text.slice(1, -1);
  const values: string[] = [];
  let current = "";
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === "\\" && i + 1 < body.length) current += body[++i];
      else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ",") {
      values.push(wasQuoted ? current : current.trim());
      current = "";
      wasQuoted = false;
    } else current += ch;
  }
  if (quoted) return null;
  values.push(wasQuoted ? current : current.trim());
  if (values.length === 1 && values[0] === "" && !wasQuoted) return null;
  return values;
}

export function parseFilter(text: string): ParseResult {
  const eq = text.indexOf("=");
  if (eq <= 0) return { ok: false, reason: `filter "${text}" must look like column=op.value` };
  const column = text.slice(0, eq).trim();
  const rest = text.slice(eq + 1);
  const dot = rest.indexOf(".");
  const op = dot < 0 ? rest : rest.slice(0, dot);
  if (!OPS.has(op)) return { ok: false, reason: `filter "${text}": unsupported operator "${op}"` };
  if (dot < 0) return { ok: false, reason: `filter "${text}" has no value` };
  const raw = rest.slice(dot + 1);
  if (op === "in") {
    const values = parseInList(raw);
    if (!values) return { ok: false, reason: `filter "${text}": in needs a list like in.(a,b)` };
    if (values.length > MAX_IN_VALUES) {
      return { ok: false, reason: `filter "${text}": in accepts at most ${MAX_IN_VALUES} values` };
    }
    return { ok: true, filter: { column, op: "in", values } };
  }
  return { ok: true, filter: { column, op: op as FilterOp, values: [raw] } };
}

const NUMERIC = new Set(["int2", "int4", "int8", "float4", "float8", "numeric", "oid"]);
const TEMPORAL = new Set(["timestamp", "timestamptz", "date"]);
const TRUE_TEXT = new Set(["t", "true", "yes", "on", "1", "y"]);
const FALSE_TEXT = new Set(["f", "false", "no", "off", "0", "n"]);

/** -1/0/1 like SQL's comparison, or null when the values are not comparable (SQL NULL or a failed cast). */
function compare(recordValue: unknown, filterValue: string, type: string): number | null {
  if (recordValue === null || recordValue === undefined) return null;
  if (NUMERIC.has(type)) {
    const a = Number(recordValue);
    const b = Number(filterValue.trim());
    if (Number.isNaN(a) || Number.isNaN(b) || filterValue.trim() === "") return null;
    return Math.sign(a - b);
  }
  if (type === "bool") {
    const text = filterValue.trim().toLowerCase();
    const b = TRUE_TEXT.has(text) ? true : FALSE_TEXT.has(text) ? false : null;
    if (b === null) return null;
    const a = recordValue === true || recordValue === "t" || recordValue === "true";
    return a === b ? 0 : a ? 1 : -1;
  }
  if (TEMPORAL.has(type)) {
    const a = Date.parse(String(recordValue));
    // Postgres writes "2026-01-02 03:04:05+10"; JavaScript wants "2026-01-02T03:04:05+10:00".
    const b = Date.parse(
      filterValue
        .trim()
        .replace(" ", "T")
        .replace(/([+-]\d\d)$/, "$1:00"),
    );
    if (!Number.isNaN(a) && !Number.isNaN(b)) return Math.sign(a - b);
  }
  let a = typeof recordValue === "string" ? recordValue : JSON.stringify(recordValue);
  let b = filterValue;
  if (type === "uuid") {
    a = a.toLowerCase();
    b = b.trim().toLowerCase();
  }
  return a === b ? 0 : a < b ? -1 : 1;
}

/** True when `record` passes `filter`; `columnType` is the Postgres type name (pg_type.typname). */
export function matchesFilter(filter: Filter, record: Record<string, unknown>, columnType: string): boolean {
  if (!(filter.column in record)) return false;
  const value = record[filter.column];
  if (filter.op === "in") return filter.values.some((v) => compare(value, v, columnType) === 0);
  const c = compare(value, filter.values[0] ?? "", columnType);
  if (c === null) return false;
  switch (filter.op) {
    case "eq":
      return c === 0;
    case "neq":
      return c !== 0;
    case "lt":
      return c < 0;
    case "lte":
      return c <= 0;
    case "gt":
      return c > 0;
    case "gte":
      return c >= 0;
  }
}

import { parseFilter, type Filter } from "./filter.ts";

/** One `postgres_changes` binding of a joined channel, with the id the join reply gave it. */
export type Binding = {
  id: number;
  event: "*" | "INSERT" | "UPDATE" | "DELETE";
  schema: string;
  table: string | null;
  filter: Filter | null;
  /** Exactly what the client sent, echoed in the join reply (realtime-js compares it field by field). */
  echo: Record<string, unknown>;
};

export type BindingsResult = { ok: true; bindings: Binding[] } | { ok: false; reason: string };

const EVENTS = new Set(["*", "INSERT", "UPDATE", "DELETE"]);
// Like Supabase's per-channel limit: keeps a single join from costing unbounded work per change.
const MAX_BINDINGS = 100;

/** Truthy positive integer from the binding's fields, stable like the real server's phash2 of the filter. */
export function bindingId(
  event: string,
  schema: string,
  table: string | null,
  filter: string | null,
): number {
  let h = 0x811c9dc5;
  for (const ch of `${event}\u0000${schema}\u0000${table ?? ""}\u0000${filter ?? ""}`) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193);
  }
  return ((h >>> 0) % 134_217_727) + 1;
}

function describe(raw: Record<string, unknown>): string {
  return `[event: ${String(raw.event)}, schema: ${String(raw.schema)}, table: ${String(raw.table ?? "*")}, filters: ${String(raw.filter ?? "none")}]`;
}

/** Validates the `config.postgres_changes` array of a join payload. */
export function parseBindings(value: unknown): BindingsResult {
  if (value === undefined || value === null) return { ok: true, bindings: [] };
  if (!Array.isArray(value)) return { ok: false, reason: "postgres_changes must be an array" };
  if (value.length > MAX_BINDINGS)
    return { ok: false, reason: `at most ${MAX_BINDINGS} postgres_changes bindings` };
  const bindings: Binding[] = [];
  for (const item of value) {
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      return { ok: false, reason: "each postgres_changes binding must be an object" };
    }
    const raw = item as Record<string, unknown>;
    const event = typeof raw.event === "string" ? raw.event.toUpperCase() : "";
    if (!EVENTS.has(event)) return { ok: false, reason: `unknown event in ${describe(raw)}` };
    if (typeof raw.schema !== "string" || raw.schema === "")
      return { ok: false, reason: `schema missing in ${describe(raw)}` };
    if (raw.table !== undefined && raw.table !== null && typeof raw.table !== "string") {
      return { ok: false, reason: `table must be a string in ${describe(raw)}` };
    }
    if (raw.filter !== undefined && raw.filter !== null && typeof raw.filter !== "string") {
      return { ok: false, reason: `filter must be a string in ${describe(raw)}` };
    }
    const table = typeof raw.table === "string" && raw.table !== "*" ? raw.table : null;
    const filterText = typeof raw.filter === "string" && raw.filter !== "" ? raw.filter : null;
    let filter: Filter | null = null;
    if (filterText !== null) {
      const parsed = parseFilter(filterText);
      if (!parsed.ok) return { ok: false, reason: parsed.reason };
      if (table === null) return { ok: false, reason: `a filter needs a table in ${describe(raw)}` };
      filter = parsed.filter;
    }
    const echo: Record<string, unknown> = {};
    for (const key of ["event", "schema", "table", "filter"]) if (key in raw) echo[key] = raw[key];
    bindings.push({
      id: bindingId(event, raw.schema, table, filterText),
      event: event as Binding["event"],
      schema: raw.schema,
      table,
      filter,
      echo,
    });
  }
  return { ok: true, bindings };
}

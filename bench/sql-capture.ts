/**
 * Every SQL statement the app runs while pages render, and its plan. Postgres logs the app's statements
 * (`log_statement = all`, only while capturing) with their parameters; each distinct statement is then
 * EXPLAINed with its first parameters, under the role and JWT claims the app had set for it, so RLS
 * policies are part of the plan as they are at run time.
 *
 * Statements inside SQL functions do not appear in the log (only the call does); their plans are
 * checked by the integration tests that EXPLAIN those functions' queries.
 */
import type postgres from "postgres";

export type Captured = { sql: string; params: (string | null)[]; role: string; claims: string };
export type PlanCheck = Captured & { seqScans: string[]; plan: unknown };

const LARGE_TABLES = new Set(["profiles", "teams", "team_members", "conversations", "messages"]);
const APP_USER = "noosa_app";
const linePattern = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[(\d+)\] (\S*) ([A-Z]+):  (.*)$/;

export async function startCapture(admin: postgres.Sql): Promise<number> {
  await admin`alter system set log_statement = 'all'`;
  await admin`alter system set log_line_prefix = '%m [%p] %u '`;
  await admin`select pg_reload_conf()`;
  await new Promise((r) => setTimeout(r, 300));
  const [row] = await admin<{ size: string }[]>`select (pg_stat_file('postgres.log')).size::text as size`;
  return Number(row!.size);
}

export async function stopCapture(admin: postgres.Sql, offset: number): Promise<Captured[]> {
  await admin`alter system reset log_statement`;
  await admin`alter system reset log_line_prefix`;
  await admin`select pg_reload_conf()`;
  const [row] = await admin<{ text: string }[]>`
    select pg_read_file('postgres.log', ${offset}, (pg_stat_file('postgres.log')).size - ${offset}) as text`;
  return parseLog(row!.text);
}

/** Parses the log into the app's data statements, with the role and claims set before each one. */
export function parseLog(text: string): Captured[] {
  type Entry = { pid: string; user: string; level: string; body: string };
  const entries: Entry[] = [];
  for (const line of text.split("\n")) {
    const m = linePattern.exec(line);
    if (m) entries.push({ pid: m[1]!, user: m[2]!, level: m[3]!, body: m[4]! });
    else if (entries.length) entries.at(-1)!.body += `\n${line}`;
  }
  const context = new Map<string, { role: string; claims: string }>();
  const out = new Map<string, Captured>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.user !== APP_USER || e.level !== "LOG") continue;
    const sql = /^(?:execute [^:]*|statement): ([\s\S]*)$/.exec(e.body)?.[1]?.trim();
    if (!sql) continue;
    const next = entries[i + 1];
    const params = next?.pid === e.pid && next.level === "DETAIL" ? parseParams(next.body) : [];
    if (/set_config\('role'/.test(sql)) {
      context.set(e.pid, requestContext([...params, ...inlineClaims(sql)]));
      continue;
    }
    if (!/^(select|with|insert|update|delete)\b/i.test(sql)) continue;
    const key = sql.replace(/\s+/g, " ");
    if (!out.has(key))
      out.set(key, { sql, params, ...(context.get(e.pid) ?? { role: "anon", claims: "{}" }) });
  }
  return [...out.values()];
}

/**
 * The role and claims lib/db's withRls set for a transaction, read from its parameters or the claims
 * written into the statement: the claims are
 * the JSON object with a `role`, and the role follows them (an ended session would have run as anon,
 * which the benchmark's fresh session never is).
 */
export function requestContext(params: (string | null)[]): { role: string; claims: string } {
  for (const p of params) {
    if (!p?.startsWith("{")) continue;
    try {
      const claims = JSON.parse(p) as { role?: unknown };
      if (typeof claims.role === "string")
        return { role: claims.role === "authenticated" ? "authenticated" : "anon", claims: p };
    } catch {
      // not the claims
    }
  }
  return { role: "anon", claims: '{"role":"anon"}' };
}

/** The claims withRls writes into its setup statement as base64 (lib/db claimsSetup), decoded. */
export function inlineClaims(sql: string): string[] {
  return [...sql.matchAll(/decode\('([A-Za-z0-9+/=]*)', 'base64'\)/g)].map((m) =>
    Buffer.from(m[1]!, "base64").toString("utf8"),
  );
}

export function parseParams(detail: string): (string | null)[] {
  const list = /Parameters: ([\s\S]*)$/.exec(detail)?.[1] ?? "";
  const params: (string | null)[] = [];
  for (const m of list.matchAll(/\$(\d+) = (NULL|'((?:[^']|'')*)')/g)) {
    params[Number(m[1]) - 1] = m[2] === "NULL" ? null : m[3]!.replace(/''/g, "'");
  }
  return params;
}

/** EXPLAINs each statement as its role with its claims, inside a transaction that is rolled back. */
export async function explainAll(admin: postgres.Sql, statements: Captured[]): Promise<PlanCheck[]> {
  const checks: PlanCheck[] = [];
  for (const s of statements) {
    let plan: unknown = null;
    try {
      await admin.begin(async (tx) => {
        await tx`select set_config('role', ${s.role}, true), set_config('request.jwt.claims', ${s.claims}, true)`;
        const [row] = await tx.unsafe(`explain (format json) ${s.sql}`, s.params as string[]);
        plan = (row as Record<string, unknown>)["QUERY PLAN"];
        throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) plan = { error: (error as Error).message };
    }
    checks.push({ ...s, plan, seqScans: seqScansOn(plan) });
  }
  return checks;
}

class Rollback extends Error {}

export function seqScansOn(plan: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== "object") return;
    const n = node as Record<string, unknown>;
    if (n["Node Type"] === "Seq Scan" && LARGE_TABLES.has(String(n["Relation Name"])))
      found.push(String(n["Relation Name"]));
    Object.values(n).forEach(walk);
  };
  walk(plan);
  return found;
}

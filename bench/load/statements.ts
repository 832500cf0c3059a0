/**
 * What Postgres spent its time on during a run: pg_stat_statements (preloaded by the stand-in, as on
 * hosted Supabase), reset as a run starts and read as it ends. Statements are grouped as Postgres
 * normalises them (constants become $n), with the role that ran them: `authenticated` is the app's
 * requests under RLS, `supabase_realtime_admin` the stand-in's Realtime checks (hosted runs those
 * elsewhere), the admin role this tool's own sampling.
 */
import type postgres from "postgres";

export type StatementFigure = {
  role: string;
  query: string;
  calls: number;
  totalMs: number;
  meanMs: number;
  rows: number;
};

export async function resetStatements(admin: postgres.Sql): Promise<void> {
  await admin`select extensions.pg_stat_statements_reset()`;
}

/** The statements that took most of Postgres's execution time since the reset, and the total. */
export async function topStatements(
  admin: postgres.Sql,
  limit = 12,
): Promise<{ totalMs: number; calls: number; top: StatementFigure[] }> {
  const rows = await admin<
    { role: string; query: string; calls: string; total_ms: number; mean_ms: number; rows: string }[]
  >`
    select pg_get_userbyid(userid) as role, query, calls, total_exec_time as total_ms,
           mean_exec_time as mean_ms, rows
      from extensions.pg_stat_statements
     where dbid = (select oid from pg_database where datname = current_database())
     order by total_exec_time desc`;
  const top = rows.slice(0, limit).map((r) => ({
    role: r.role,
    query: r.query.replace(/\s+/g, " ").trim(),
    calls: Number(r.calls),
    totalMs: r.total_ms,
    meanMs: r.mean_ms,
    rows: Number(r.rows),
  }));
  return {
    totalMs: rows.reduce((sum, r) => sum + r.total_ms, 0),
    calls: rows.reduce((sum, r) => sum + Number(r.calls), 0),
    top,
  };
}

/**
 * Whether the pool may prepare its statements: not through Supabase's transaction-mode pooler (port 6543,
 * the URL a serverless host such as Vercel uses), which cannot keep them between transactions; yes on a
 * direct connection or the session pooler (5432), as a long-running `next start` and the local stack
 * use. Unprepared, postgres.js asks Postgres to describe every statement with parameters before it runs
 * it, a round trip of its own that holds back the statements after it: /dashboard served 20 % more
 * requests a second prepared (docs/performance.md#page-weight). Postgres replans a cached plan when the role or row security
 * differ, so RLS still applies per transaction.
 */
export function preparesStatements(databaseUrl: string): boolean {
  try {
    return new URL(databaseUrl).port !== "6543";
  } catch {
    return false;
  }
}

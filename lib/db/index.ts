import "server-only";
import postgres from "postgres";
import { serverEnv } from "@/lib/env";
import { preparesStatements } from "./prepare";
import { markDbUnavailable } from "./unavailable";
import { awaitingConnection, gaveUpWaiting, transactionEnded } from "../observability/queue";
import { inSpan, pastSpan } from "../observability/tracing";

/** Verified JWT claims of the signed-in user (from `supabase.auth.getClaims()`), as PostgREST sees them. */
export type Claims = { sub: string; role: string; email?: string; [claim: string]: unknown };

export type Tx = postgres.TransactionSql;

// One pool per server process; kept on globalThis so dev hot reloads do not open a new pool each time.
const globalForDb = globalThis as unknown as { __appSql?: postgres.Sql };

/**
 * The pool's settings. postgres.js 3.4.9 itself is patched at install (patches/postgres+3.4.9.patch): as
 * released, a connection that died inside a transaction broke its pool slot for 30 s and could run a
 * dead transaction's ROLLBACK inside the next one; and `begin()` spent a round trip on BEGIN alone before
 * it called fn (a connection held idle in transaction while the event loop was busy). Patched, BEGIN goes
 * out in the same write as the claims setup and fn's first statements.
 */
export const poolOptions = {
  // The default; DATABASE_POOL_MAX sets it per deployment (docs/performance.md#pool).
  max: 10,
  idle_timeout: 20,
  // A database that does not answer a connection (network gone, host down) is said so within 5 s, not
  // after postgres.js's default 30 s, which outlasts a browser's patience and the load test's timeout.
  connect_timeout: 5,
  // After a database restart, reconnect within a second: postgres.js's default wait grows to 20 s.
  backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
  // pool() sets it per connection string (./prepare.ts: not through the transaction pooler).
  prepare: false,
} satisfies postgres.Options<Record<string, postgres.PostgresType>>;

/** The pooled client. Prefer `withRls`: raw queries run with the login role's rights, not the user's. */
export function pool(): postgres.Sql {
  if (!globalForDb.__appSql) {
    const { DATABASE_URL: url, DATABASE_POOL_MAX: max } = serverEnv();
    globalForDb.__appSql = postgres(url, { ...poolOptions, max, prepare: preparesStatements(url) });
  }
  return globalForDb.__appSql;
}

/**
 * Runs `fn` in a transaction as PostgREST would for this request: `role` is `authenticated` with the
 * verified claims, or `anon` for a visitor, so every row passes through the RLS policies. Both settings
 * are transaction-local and vanish at COMMIT/ROLLBACK, so a pooled connection never leaks a user.
 *
 * A token stays valid offline for up to an hour after its session ended (sign-out, global sign-out,
 * refresh-token reuse). So, in the same statement, the claims' `session_id` is checked against
 * auth.sessions (private.session_is_live); an ended session runs as a visitor, and RLS refuses its writes
 * and private reads. Public reads are unchanged.
 */
export async function withRls<T>(claims: Claims | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const wantsUser = claims?.role === "authenticated";
  // GoTrue puts a session_id in every user token. Only Vitest's RLS tests (NODE_ENV=test) use
  // hand-made claims without one; anywhere else such claims are a visitor's.
  const checkSession = wantsUser && (claims.session_id !== undefined || process.env.NODE_ENV !== "test");
  const setup = claimsSetup(wantsUser, checkSession, JSON.stringify(claims ?? { role: "anon" }));
  return transaction(wantsUser ? "authenticated" : "anon", async (tx) => {
    // Not awaited before fn: it goes out in the same write as fn's first statement, and Postgres runs
    // them in order. If it fails, the transaction is aborted and nothing after it runs at all.
    const ready = tx.unsafe(setup, [], { prepare: false }).execute();
    // Its failure reaches the caller through fn's first statement (the transaction is aborted) or the
    // await below; handled here too, so it is never an unhandled rejection when fn fails first.
    ready.catch(() => {});
    const value = await fn(tx);
    await ready;
    return value;
  });
}

/**
 * withRls for a page that needs the account, without requireUser's separate question to the database
 * first: whether the transaction runs as the user (false when the setup's private.session_is_live found the
 * session ended and ran it as anon) is asked first in the same write as fn's statements. `live: false`
 * when it ended, whatever fn's reads did as a visitor (refused, or public rows): the page sends it to sign in.
 */
export async function withLiveUser<T extends object>(
  claims: Claims,
  fn: (tx: Tx) => Promise<T>,
): Promise<({ live: true } & T) | { live: false }> {
  let live: boolean | undefined;
  try {
    return await withRls(claims, async (tx) => {
      const asked = tx<{ is_user: boolean }[]>`select current_user = 'authenticated' as is_user`.then(
        ([row]) => (live = row?.is_user === true),
      );
      const [, value] = await Promise.all([asked, fn(tx)]);
      return live ? { live: true as const, ...value } : { live: false as const };
    });
  } catch (error) {
    // Its answer came before the statement that failed (Postgres answers in order).
    if (live === false) return { live: false };
    throw error;
  }
}

/**
 * A transaction on the pool, measured: a span for it and for the wait for its connection (patched,
 * postgres.js calls `fn` once BEGIN has a connection, not once BEGIN has answered), and the process's queue figures
 * (lib/observability/queue.ts). An error is marked as the database's being unavailable where it is.
 */
async function transaction<T>(role: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return inSpan("db.transaction", async (span) => {
    span.setAttribute("db.role", role);
    const asked = performance.now();
    const gotConnection = awaitingConnection();
    let began = false;
    try {
      const result = await pool()
        .begin(async (tx) => {
          began = true;
          span.setAttribute("db.pool.wait_ms", gotConnection());
          pastSpan("db.pool.wait", asked);
          return fn(tx);
        })
        .catch((error: unknown) => Promise.reject(markDbUnavailable(error)));
      return result as T;
    } finally {
      if (began) transactionEnded();
      else gaveUpWaiting();
    }
  });
}

/**
 * Whether the claims' session still exists (private.session_is_live, which the login role may call):
 * sign-out and sign-out everywhere end it at once, while its token verifies for up to an hour. Only pages
 * and routes that need the account ask (lib/auth/session.ts). When the database cannot answer, true: every
 * read still runs in withRls, which asks again and runs an ended session as a visitor, so this decides only
 * whether the visitor is sent to sign in.
 */
export async function sessionIsLive(claims: Claims): Promise<boolean> {
  if (claims.role !== "authenticated") return false;
  // As in withRls: only Vitest's hand-made claims lack a session_id.
  if (claims.session_id === undefined && process.env.NODE_ENV === "test") return true;
  try {
    const sql = pool();
    const [row] = await sql<{ live: boolean }[]>`
      select private.session_is_live(${sql.json(claims as postgres.JSONValue)}) as live`;
    return row?.live === true;
  } catch {
    return true;
  }
}

/**
 * The statement that sets the role and claims, with no parameters, so it never waits for a describe
 * round trip (unprepared, postgres.js describes each statement with parameters before it runs it, and
 * holds back the statements after it until then). withRls runs it unprepared even where the pool
 * prepares: its text differs per token, and each would stay in every connection's statement cache.
 * The claims travel as base64, whose alphabet has no quote, backslash or dollar sign, so they cannot
 * end the string literal; the two switches are the literals true and false. `app.server_read` tells the
 * policies that this server reads for a verified, live session (private.may_receive_live: a suspended
 * account still reads its messages here, but not over Realtime or the Data API, which cannot set it).
 */
export function claimsSetup(wantsUser: boolean, checkSession: boolean, claimsJson: string): string {
  const claims = `convert_from(decode('${Buffer.from(claimsJson, "utf8").toString("base64")}', 'base64'), 'UTF8')`;
  return `select set_config('role', case when s.is_user then 'authenticated' else 'anon' end, true),
       set_config('request.jwt.claims', case when s.is_user then ${claims} else '{"role":"anon"}' end, true),
       set_config('app.server_read', 'on', true)
from (select ${wantsUser === true} and (not ${checkSession === true} or private.session_is_live(${claims}::jsonb)) as is_user) s`;
}

/**
 * Runs `fn` in a transaction as `service_role` (no RLS), for jobs that act for nobody in particular: the
 * notification worker and signed unsubscribe links. Callers reach only what service_role may execute (the
 * worker functions in schema private). Transaction-local, like withRls.
 */
export async function withServiceRole<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction("service_role", async (tx) => {
    // Pipelined with fn's first statement, as in withRls: if it fails, nothing after it runs.
    const ready = tx`set local role service_role`.execute();
    ready.catch(() => {});
    const value = await fn(tx);
    await ready;
    return value;
  });
}

import type { IncomingMessage } from "node:http";
import type postgres from "postgres";
import { verifyAccessToken } from "../auth/jwt.ts";
import { sameSecret } from "../http.ts";
import { failures, fromPostgres } from "./errors.ts";

export type StorageContext = {
  /** Logged in as `supabase_storage_admin`, the owner of the storage schema, as hosted Storage. */
  sql: postgres.Sql;
  /** Where objects' bytes live: <data folder>/storage (thrown away with --test, kept with --dev). */
  dir: string;
  /** [storage] file_size_limit of config.toml in bytes: no bucket takes more (hosted: the project's limit). */
  globalFileSizeLimit: number;
  /** HMAC key of signed URLs (hosted: the project's URL signing key). */
  urlSigningKey: Uint8Array;
  publishableKey: string;
  secretKey: string;
};

/** Who calls: the role and claims a request runs under (hosted: the JWT, after the API gateway). */
export type Caller = {
  role: string;
  claims: Record<string, unknown>;
  /** The token's `sub`: objects it uploads get it as owner_id. */
  sub?: string;
  /** A key or token was presented and verified (hosted: `isAuthenticated`; the anon key counts). */
  authenticated?: boolean;
  /** The request as hosted hands it to policies: request.headers (JSON), request.method, request.path. */
  request?: { headers: string; method: string; path: string };
};

const anon: Caller = { role: "anon", claims: { role: "anon" }, authenticated: true };
const serviceRole: Caller = { role: "service_role", claims: { role: "service_role" }, authenticated: true };
const nobody: Caller = { role: "anon", claims: { role: "anon" }, authenticated: false };

function bearerOf(req: IncomingMessage): string {
  const header = req.headers.authorization ?? "";
  return header.replace(/^Bearer\s+/i, "").trim();
}

/**
 * The caller behind a request. Hosted's gateway turns the publishable key into an anon JWT and the secret key
 * into a service_role one; any other bearer must be a JWT the project signed (a user's access token or the
 * service_role key), else 400 AccessDenied as hosted Storage answers a bad token. A missing bearer is
 * anonymous only where hosted allows it (`optional`: public downloads and signed URLs).
 */
export async function callerOf(ctx: StorageContext, req: IncomingMessage, optional = false): Promise<Caller> {
  const who = await identify(ctx, req, optional);
  const path = new URL(req.url ?? "/", "http://local").pathname.replace(/^\/storage\/v1/, "");
  return { ...who, request: { headers: JSON.stringify(req.headers), method: req.method ?? "GET", path } };
}

async function identify(ctx: StorageContext, req: IncomingMessage, optional: boolean): Promise<Caller> {
  const token = bearerOf(req);
  if (!token) {
    if (optional) return nobody;
    throw failures.accessDenied("No authorization header was provided");
  }
  if (sameSecret(token, ctx.publishableKey)) return anon;
  if (sameSecret(token, ctx.secretKey)) return serviceRole;
  const claims = await verifyAccessToken(token);
  if (!claims) {
    if (optional) return nobody;
    throw failures.accessDenied("invalid signature");
  }
  const sub = typeof claims.sub === "string" ? claims.sub : undefined;
  return { role: claims.role, claims, sub, authenticated: true };
}

export type Tx = postgres.TransactionSql;

/**
 * Runs `fn` in a transaction as the caller: role and JWT claims set locally, as hosted Storage's scope
 * statement does, so policies read auth.uid(), auth.role() and auth.jwt(). Postgres errors become Storage's.
 */
export async function asCaller<T>(
  ctx: StorageContext,
  caller: Caller,
  operation: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return translate(
    () =>
      ctx.sql.begin(async (tx) => {
        await scope(tx, caller, operation);
        return fn(tx);
      }) as Promise<T>,
  );
}

/** As the Storage service itself (owner of the tables, so no RLS), for what hosted does as its superuser. */
export async function asService<T>(
  ctx: StorageContext,
  operation: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return translate(
    () =>
      ctx.sql.begin(async (tx) => {
        await tx`select set_config('storage.operation', ${operation}, true),
                      set_config('storage.allow_delete_query', 'true', true)`;
        return fn(tx);
      }) as Promise<T>,
  );
}

async function scope(tx: Tx, caller: Caller, operation: string): Promise<void> {
  const role = ["anon", "authenticated", "service_role"].includes(caller.role) ? caller.role : "anon";
  await tx`select set_config('role', ${role}, true),
                  set_config('request.jwt.claim.role', ${caller.role}, true),
                  set_config('request.jwt.claim.sub', ${caller.sub ?? ""}, true),
                  set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
                  set_config('request.headers', ${caller.request?.headers ?? "{}"}, true),
                  set_config('request.method', ${caller.request?.method ?? ""}, true),
                  set_config('request.path', ${caller.request?.path ?? ""}, true),
                  set_config('storage.operation', ${operation}, true),
                  set_config('storage.allow_delete_query', 'true', true)`;
}

/** Hosted checks an upload's policies in a transaction it rolls back, before it reads the body. */
class Rollback extends Error {}
export async function testAsCaller(
  ctx: StorageContext,
  caller: Caller,
  operation: string,
  fn: (tx: Tx) => Promise<unknown>,
): Promise<void> {
  try {
    await asCaller(ctx, caller, operation, async (tx) => {
      await fn(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}

async function translate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const failure = fromPostgres(error);
    if (failure) throw failure;
    throw error;
  }
}

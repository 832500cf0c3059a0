import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AuthContext } from "./auth/context.ts";
import { startExternalProviders } from "./auth/external/providers.ts";
import { loadConfig, projectRoot } from "./config.ts";
import { StackError } from "./errors.ts";
import { claimDir, clearLeftovers, sweepAbandonedTestDirs, throwawayRoot } from "./data-dir.ts";
import * as cluster from "./postgres/cluster.ts";
import { initialise, saveSchemaTemplate } from "./postgres/initdb.ts";
import { dataDirReachableByPostgres } from "./postgres/os-user-access.ts";
import { applyBootstrap, applyMigrations, applySeed, schemaKey, type SeedResult } from "./postgres/setup.ts";
import { freePort, portIsFree } from "./ports.ts";
import { localVapidEnv } from "./vapid.ts";

/**
 * The heavy modules (database driver, crypto, HTTP routes, Realtime) are imported while Postgres starts in
 * its own process, instead of before: on two busy cores this overlap is most of the warm-start budget.
 */
async function loadServices() {
  const [pg, jwt, context, mailbox, server, realtime, smtp, storage] = await Promise.all([
    import("postgres"),
    import("./auth/jwt.ts"),
    import("./auth/context.ts"),
    import("./mailbox.ts"),
    import("./server.ts"),
    import("./realtime/index.ts"),
    import("./smtp.ts"),
    import("./storage/service.ts"),
  ]);
  return {
    postgres: pg.default,
    ...jwt,
    ...context,
    ...mailbox,
    ...server,
    ...realtime,
    ...smtp,
    ...storage,
  };
}

export type Mode = "dev" | "test";

export type StackOptions = {
  mode: Mode;
  /** --dev data folder (default supabase/.local, or SUPABASE_LOCAL_DIR). */
  dir?: string;
  /** Wipe the --dev data folder first. */
  reset?: boolean;
  /** Progress lines (dev banner); tests pass nothing. */
  log?: (line: string) => void;
};

export type Stack = {
  env: Record<string, string>;
  seed: SeedResult;
  fresh: boolean;
  migrations: string[];
  /** Where Auth sends its e-mails ([auth.hook.send_email] uri), or null when it sends the templates. */
  sendEmailHook: string | null;
  /** The enabled sign-in providers and the issuer each resolves to (a local OpenID Provider unless set). */
  signInProviders: { name: string; issuer: string; local: boolean }[];
  stop(): Promise<void>;
  /** Called once if Postgres dies while the stack runs. */
  onFailure(listener: (message: string) => void): void;
};

const adminPassword = "postgres"; // local superuser supabase_admin; the cluster only listens on 127.0.0.1
// Local passwords of hosted's `postgres` (migrations, seed) and of the app's own login role (its migration
// makes it without one; on hosted the deploy steps give it one).
const postgresPassword = "postgres";
export const appLoginRole = "noosa_app";
const appLoginPassword = "local-noosa-app";
const publishableKey = "sb_publishable_local_development_key";
// Auth's login (set by bootstrap.sql); Realtime's and Storage's are set beside their schemas.
const authAdminPassword = "local-auth-admin";

async function ports(mode: Mode, configured: { apiPort: number; dbPort: number; smtpPort: number }) {
  if (mode === "test")
    return { apiPort: await freePort(), dbPort: await freePort(), smtpPort: await freePort() };
  const apiPort = Number(process.env.SUPABASE_LOCAL_API_PORT) || configured.apiPort;
  const dbPort = Number(process.env.SUPABASE_LOCAL_DB_PORT) || configured.dbPort;
  const smtpPort = Number(process.env.SUPABASE_LOCAL_SMTP_PORT) || configured.smtpPort;
  for (const [name, port, variable] of [
    ["API", apiPort, "SUPABASE_LOCAL_API_PORT"],
    ["Postgres", dbPort, "SUPABASE_LOCAL_DB_PORT"],
    ["SMTP", smtpPort, "SUPABASE_LOCAL_SMTP_PORT"],
  ] as const) {
    if (!(await portIsFree(port))) {
      throw new StackError(
        `Port ${port} (${name}) is already in use by another program. Stop it, or choose another port with ${variable}=<port>.`,
      );
    }
  }
  return { apiPort, dbPort, smtpPort };
}

// SUPABASE_LOCAL_TIMING=1 prints when each start-up phase ended, in ms since the process started (stderr).
const phase = (name: string) => {
  if (process.env.SUPABASE_LOCAL_TIMING)
    console.error(`[stack] ${name} at ${Math.round(performance.now())} ms`);
};

/** The --dev data folder, unless Postgres (run as the OS user `postgres` when we are root) cannot reach it. */
function devDataDir(chosen: string, log: (line: string) => void): string {
  const dir = dataDirReachableByPostgres(chosen, cluster.runAs());
  if (dir !== chosen) {
    log(
      `Postgres runs as the OS user "postgres" and cannot reach ${chosen}; the local data lives in ${dir}.`,
    );
  }
  return dir;
}

/** The app's login role comes from a migration, without a password; locally it gets a known one. */
async function setAppLoginPassword(sql: import("postgres").Sql): Promise<void> {
  const [role] = await sql`select 1 from pg_roles where rolname = ${appLoginRole}`;
  if (role) await sql.unsafe(`alter role ${appLoginRole} password '${appLoginPassword}'`);
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  phase("modules loaded");
  const loading = loadServices();
  loading.catch(() => {}); // awaited below; a failure surfaces there
  const config = loadConfig();
  const testMode = options.mode === "test";
  const dir = testMode
    ? mkdtempSync(path.join(throwawayRoot(), "supabase-local-"))
    : devDataDir(
        path.resolve(
          options.dir ?? process.env.SUPABASE_LOCAL_DIR ?? path.join(projectRoot, "supabase/.local"),
        ),
        log,
      );
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const fn of cleanups.reverse().splice(0)) await fn();
  };
  try {
    if (testMode) {
      chmodSync(dir, 0o755); // the postgres OS user (when we run as root) must reach pgdata inside it
      writeFileSync(path.join(dir, "stack.pid"), String(process.pid));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      sweepAbandonedTestDirs(dir);
    } else {
      if (options.reset && existsSync(dir)) {
        claimDir(dir)();
        rmSync(dir, { recursive: true, force: true });
      }
      mkdirSync(dir, { recursive: true });
      chmodSync(dir, 0o755); // the postgres OS user (when we run as root) must reach pgdata inside it
      cleanups.push(claimDir(dir));
    }
    const pgdata = path.join(dir, "db");
    const fresh = !cluster.isInitialised(pgdata);
    // An orphaned Postgres of this folder would also hold the port: clear it before checking ports.
    if (!fresh) await clearLeftovers(pgdata, log);
    const { apiPort, dbPort, smtpPort } = await ports(options.mode, config);
    // Google and Apple (local OpenID Providers unless an issuer is configured) start while Postgres does.
    const providers = startExternalProviders(config.auth.external, `http://127.0.0.1:${apiPort}`);
    providers.catch(() => {}); // awaited below; a failure surfaces there
    cleanups.push(async () => (await providers.catch(() => null))?.close());
    const schema = schemaKey();
    const made = fresh ? await initialise(pgdata, adminPassword, schema) : "existing";
    phase(made === "existing" ? "data folder checked" : `cluster created (${made})`);
    const startPg = () => cluster.start({ dataDir: pgdata, port: dbPort, durable: !testMode });
    let pg = await startPg();
    cleanups.push(() => pg.stop());
    phase("postgres ready");
    const {
      postgres,
      loadOrCreateKeys,
      setSigningKeys,
      serviceRoleKey,
      verifyAccessToken,
      createLimiters,
      createMailbox,
      createApiServer,
      attachRealtime,
      startSmtp,
      startStorage,
    } = await loading;
    setSigningKeys(await loadOrCreateKeys(testMode ? null : path.join(dir, "jwt-keys.json")));
    phase("services loaded");

    const adminUrl = `postgres://supabase_admin:${adminPassword}@127.0.0.1:${dbPort}/postgres`;
    const postgresUrl = `postgres://postgres:${postgresPassword}@127.0.0.1:${dbPort}/postgres`;
    // Bootstrap, migrations' bookkeeping and the app's login password: the superuser's work, at start only.
    const connect = () => postgres(adminUrl, { max: 2, onnotice: () => {}, idle_timeout: 5 });
    let sql = connect();
    cleanups.push(() => sql.end({ timeout: 2 }));
    await applyBootstrap(sql).catch((error: { code?: string }) => {
      // 28P01/28000: a data folder made before `postgres` lost its superuser (no supabase_admin in it).
      if (!fresh && (error.code === "28P01" || error.code === "28000"))
        throw new StackError(
          "This local database was made by an older supabase-local (its superuser was postgres). Start once with --reset to rebuild it; local data is lost.",
        );
      throw error;
    });
    // Migrations and the seed as hosted applies them: logged in as `postgres`, which is no superuser.
    const asPostgres = postgres(postgresUrl, { max: 1, onnotice: () => {} });
    let migrations: string[];
    let seed: SeedResult;
    try {
      migrations = await applyMigrations(asPostgres);
      seed = fresh
        ? await applySeed(asPostgres)
        : await applySeed(asPostgres).catch(() => "already-seeded" as const);
    } finally {
      await asPostgres.end({ timeout: 2 });
    }
    await setAppLoginPassword(sql);
    if (made === "pristine") {
      // Cache the finished database: the next new cluster (every --test run) is then a copy of it.
      await sql.end({ timeout: 2 });
      await pg.stop();
      await saveSchemaTemplate(pgdata, adminPassword, schema);
      pg = await startPg();
      sql = connect();
    }
    phase("bootstrap, migrations, seed done");

    // Auth, as hosted's GoTrue: its own login, supabase_auth_admin (owner of the auth schema, search_path
    // auth, no superuser), so a trigger on auth.users runs with that role's rights, as it does there.
    // Short reconnect waits, so Auth is back promptly after a (test) restart of Postgres.
    const authSql = postgres(
      `postgres://supabase_auth_admin:${authAdminPassword}@127.0.0.1:${dbPort}/postgres`,
      {
        max: 10,
        onnotice: () => {},
        idle_timeout: 30,
        backoff: () => 0.1,
        connection: { application_name: "local-auth" },
      },
    );
    cleanups.push(() => authSql.end({ timeout: 2 }));
    const url = `http://127.0.0.1:${apiPort}`;
    const ctx: AuthContext = {
      sql: authSql,
      config: structuredClone(config.auth),
      initialConfig: structuredClone(config.auth),
      url,
      mailbox: createMailbox(),
      limits: createLimiters(config.auth.rate_limits),
      mailSentAt: new Map(),
      authFault: { delayMs: 0, down: false },
      // Random per start, handed only to the command run inside the stack (the app): the stand-in honours
      // Sb-Forwarded-For only with it, as hosted Auth does only with a project secret key.
      secretKey: `sb_secret_${randomBytes(24).toString("base64url")}`,
      testMode,
      external: {},
    };
    ctx.external = (await providers).providers;
    if (testMode) {
      // Generous by default so suites do not trip over each other; tests lower them via /__local/config.
      const generous = {
        email_sent: 100_000,
        sign_in_sign_ups: 100_000,
        token_verifications: 100_000,
        token_refresh: 100_000,
      };
      ctx.initialConfig.rate_limits = generous;
      ctx.initialConfig.email_max_frequency = 0;
      ctx.config = structuredClone(ctx.initialConfig);
      ctx.limits = createLimiters(generous);
    }
    // Storage, as hosted: its own login (supabase_storage_admin), bytes in the data folder.
    const storage = config.storage.enabled
      ? await startStorage({
          dbUrl: `postgres://supabase_storage_admin:local-storage-admin@127.0.0.1:${dbPort}/postgres`,
          dir,
          keep: !testMode,
          config: config.storage,
          publishableKey,
          secretKey: ctx.secretKey,
        })
      : null;
    if (storage) cleanups.push(() => storage.sql.end({ timeout: 2 }));
    const server = createApiServer(ctx, storage);
    await new Promise<void>((resolve, reject) => {
      server.once("error", (e: NodeJS.ErrnoException) =>
        reject(
          e.code === "EADDRINUSE"
            ? new StackError(
                `Port ${apiPort} (API) is already in use. Stop that program or set SUPABASE_LOCAL_API_PORT.`,
              )
            : e,
        ),
      );
      server.listen(apiPort, "127.0.0.1", () => resolve());
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const realtime = await attachRealtime({ server, adminUrl, verifyToken: verifyAccessToken });
    cleanups.push(() => realtime.close());
    const smtp = await startSmtp(ctx.mailbox, smtpPort).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== "EADDRINUSE") throw e;
      throw new StackError(
        `Port ${smtpPort} (SMTP) is already in use. Stop that program or set SUPABASE_LOCAL_SMTP_PORT.`,
      );
    });
    cleanups.push(() => smtp.close());
    // Listeners of onFailure follow the cluster across a test restart (the stopped one is not a failure).
    const failureListeners: ((message: string) => void)[] = [];
    if (testMode) {
      let restarting: Promise<void> | null = null;
      ctx.faults = {
        restartPostgres: (downMs) =>
          (restarting ??= (async () => {
            await pg.stop();
            await new Promise((resolve) => setTimeout(resolve, downMs));
            pg = await startPg();
            for (const listener of failureListeners) pg.onUnexpectedExit(listener);
          })().finally(() => (restarting = null))),
        dropRealtime: () => realtime.dropSockets(),
      };
    }
    phase("api, realtime and smtp listening");

    return {
      fresh,
      seed,
      migrations,
      sendEmailHook: config.auth.send_email_hook?.uri ?? null,
      signInProviders: Object.entries(ctx.external).map(([name, p]) => ({
        name,
        issuer: p.issuer,
        local: !config.auth.external[name as keyof typeof config.auth.external].url,
      })),
      stop,
      onFailure: (listener) => {
        failureListeners.push(listener);
        pg.onUnexpectedExit(listener);
      },
      env: {
        NEXT_PUBLIC_SUPABASE_URL: url,
        NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: publishableKey,
        DATABASE_URL: `postgres://${appLoginRole}:${appLoginPassword}@127.0.0.1:${dbPort}/postgres`,
        LOCAL_DB_ADMIN_URL: adminUrl,
        LOCAL_DB_POSTGRES_URL: postgresUrl,
        LOCAL_MAILBOX_URL: `${url}/mailbox`,
        LOCAL_SERVICE_ROLE_KEY: await serviceRoleKey(`${url}/auth/v1`),
        SUPABASE_SECRET_KEY: ctx.secretKey,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        // Where the local sign-in providers serve their pictures: an app that imports a provider's picture
        // may fetch from these too (hosted has only the real providers' picture hosts).
        LOCAL_PROVIDER_PICTURE_ORIGINS: Object.entries(ctx.external)
          .filter(([name]) => !config.auth.external[name as keyof typeof config.auth.external].url)
          .map(([, p]) => new URL(p.issuer).origin)
          .join(","),
        // The app's Web Push keys: the project's own if exported, else kept with the dev data (vapid.ts).
        ...localVapidEnv(dir, !testMode),
      },
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

/** The body of bin/supabase-local.ts (see there), loaded after the compile cache is on. */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { constants } from "node:os";
import path from "node:path";
import { projectRoot } from "./config.ts";
import { startCron } from "./cron.ts";
import { StackError } from "./errors.ts";
import { startStack, type Mode, type Stack } from "./stack.ts";

const usage = `usage: supabase-local [--dev|--test] [--reset] [--cron <url>] -- <command ...>
       supabase-local bench stack|realtime [--name=value ...]`;

function parseArgs(argv: string[]) {
  const split = argv.indexOf("--");
  const flags = split === -1 ? argv : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  const cronAt = flags.indexOf("--cron");
  const cron = cronAt === -1 ? null : (flags.splice(cronAt, 2)[1] ?? "");
  const unknown = flags.filter((f) => !["--dev", "--test", "--reset"].includes(f));
  const badCron = cron !== null && !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(cron);
  if (unknown.length || !command.length || badCron || (flags.includes("--dev") && flags.includes("--test"))) {
    if (badCron) console.error("supabase-local: --cron takes an http://127.0.0.1:<port>/<path> URL");
    console.error(usage);
    process.exit(2);
  }
  const mode: Mode = flags.includes("--test") ? "test" : "dev";
  return { mode, reset: flags.includes("--reset"), command, cron };
}

/** True when a hosted project is configured; then the stand-in stays off and nothing else changes. */
function projectConfigured(): boolean {
  if (process.env.NEXT_PUBLIC_SUPABASE_URL) return true;
  for (const file of [".env.local", ".env"]) {
    const full = path.join(projectRoot, file);
    if (existsSync(full) && /^\s*NEXT_PUBLIC_SUPABASE_URL\s*=\s*["']?\S/m.test(readFileSync(full, "utf8")))
      return true;
  }
  return false;
}

function run(command: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const bin = path.join(projectRoot, "node_modules/.bin");
  return spawn(command[0]!, command.slice(1), {
    stdio: "inherit",
    env: { ...env, PATH: `${bin}${path.delimiter}${env.PATH ?? ""}` },
  });
}

function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return 128 + (signal ? (constants.signals[signal] ?? 1) : 1);
}

/**
 * `next dev` compiles a route on its first request, which on a slow machine outlasts Auth's 5 s for the
 * hook: the first sign-up would fail. A GET (answered 405) as soon as the app listens compiles it first.
 */
function warmHook(uri: string, child: ChildProcess) {
  let tries = 0;
  let waiting = false;
  const timer = setInterval(() => {
    if (waiting) return;
    if (++tries > 90 || child.exitCode !== null) return clearInterval(timer);
    waiting = true;
    fetch(uri, { signal: AbortSignal.timeout(60_000) })
      .then((res) => {
        void res.body?.cancel();
        clearInterval(timer);
      })
      .catch(() => {}) // not listening yet
      .finally(() => (waiting = false));
  }, 2_000);
  timer.unref();
}

function banner(stack: Stack) {
  const url = stack.env.NEXT_PUBLIC_SUPABASE_URL;
  const db = new URL(stack.env.DATABASE_URL!);
  const lines = [
    `Local Supabase is up: API ${url} · Postgres 17 on 127.0.0.1:${db.port}${stack.migrations.length ? ` · ${stack.migrations.length} migration(s) applied` : ""}`,
    `  Mailbox (Auth's e-mails, and the app's sent to ${stack.env.SMTP_URL}): ${stack.env.LOCAL_MAILBOX_URL}`,
    stack.sendEmailHook
      ? `  Auth's e-mails go through the app's Send Email Hook: ${stack.sendEmailHook}`
      : `  Auth's e-mails: the templates in supabase/templates (no SEND_EMAIL_HOOK_URI for [auth.hook.send_email])`,
    ...stack.signInProviders.map(
      (p) =>
        `  Continue with ${p.name === "google" ? "Google" : "Apple"}: ${p.local ? `a local stand-in for it (an OpenID Provider with demo accounts) at ${p.issuer}` : p.issuer}`,
    ),
    `  Demo logins: mia@example.com (also jack, olivia, liam, chloe, noah, ava, ethan @example.com), password noosa-demo-2026`,
  ];
  if (stack.seed === "changed-since-seeded") {
    lines.push(
      `  Note: supabase/seed.sql changed since this database was seeded. To start over with fresh demo data: npx supabase-local --dev --reset -- next dev`,
    );
  }
  console.log(lines.join("\n"));
}

// The stand-in's own figures, for the project's benchmark; run in this process (the Realtime bench reads
// the stack's CPU through its parent).
const benches: Record<string, () => Promise<unknown>> = {
  stack: () => import("./bench.ts"),
  realtime: () => import("./realtime/bench.ts"),
};

export async function main() {
  if (process.argv[2] === "bench") {
    const bench = benches[process.argv[3] ?? ""];
    if (!bench) {
      console.error(usage);
      process.exit(2);
    }
    await bench();
    return;
  }
  const { mode, reset, command, cron } = parseArgs(process.argv.slice(2));
  if (projectConfigured()) {
    const child = run(command, process.env);
    for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
    child.on("exit", (code, signal) => process.exit(exitCodeOf(code, signal)));
    return;
  }

  // The Send Email Hook's secret ([auth.hook.send_email] secrets = "env(SEND_EMAIL_HOOK_SECRET)"): the
  // project's own if it set one, else a new one per start, which Auth signs with and the app verifies.
  process.env.SEND_EMAIL_HOOK_SECRET ||= `v1,whsec_${randomBytes(32).toString("base64")}`;
  let stack: Stack | null = null;
  let child: ChildProcess | null = null;
  let stopping = false;
  const shutdown = async (code: number) => {
    await stack
      ?.stop()
      .catch((e: unknown) => console.error("supabase-local: stopping the local stack failed:", e));
    process.exit(code);
  };
  const onSignal = (sig: NodeJS.Signals) => {
    if (stopping) return; // a second Ctrl+C while stopping: let the first shutdown finish
    stopping = true;
    if (child && child.exitCode === null) {
      child.kill(sig);
      // A child that ignores the signal must not keep Postgres alive forever.
      setTimeout(() => child?.kill("SIGKILL"), 10_000).unref();
    } else if (stack) void shutdown(128 + (constants.signals[sig] ?? 1));
    // Still starting: main() stops the stack as soon as it is up (exiting now would orphan Postgres).
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);

  try {
    stack = await startStack({ mode, reset, log: mode === "dev" ? (l) => console.log(l) : undefined });
  } catch (error) {
    if (error instanceof StackError) console.error(`supabase-local: ${error.message}`);
    else console.error("supabase-local: the local stack failed to start:", error);
    process.exit(1);
  }
  if (stopping) return shutdown(130);
  if (mode === "dev") banner(stack);
  // The scheduler's secret: the project's own if it set one, else a new one per start, shared with the app.
  const cronSecret = process.env.CRON_SECRET || randomBytes(24).toString("base64url");
  child = run(command, { ...process.env, ...stack.env, CRON_SECRET: cronSecret });
  if (mode === "dev" && stack.sendEmailHook) warmHook(stack.sendEmailHook, child);
  if (cron) {
    const every = Number(process.env.SUPABASE_LOCAL_CRON_SECONDS) || 3;
    const scheduler = startCron(cron, cronSecret, every * 1000);
    child.on("exit", () => scheduler.stop());
  }
  stack.onFailure((message) => {
    // Without its database the command cannot work: say why, then end it like Ctrl+C would.
    console.error(`supabase-local: ${message}`);
    onSignal("SIGTERM");
  });
  child.on("error", (error) => {
    console.error(`supabase-local: cannot run ${command[0]}: ${error.message}`);
    void shutdown(127);
  });
  child.on("exit", (code, signal) => void shutdown(exitCodeOf(code, signal)));
}

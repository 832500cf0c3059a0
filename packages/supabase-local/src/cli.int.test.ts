import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./ports.ts";

const bin = path.join(import.meta.dirname, "../bin/supabase-local.ts");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The environment of a fresh shell: this suite itself runs inside a stack, whose variables must not leak. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const k of [
    "NEXT_PUBLIC_SUPABASE_URL",
    "NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY",
    "DATABASE_URL",
    "LOCAL_DB_ADMIN_URL",
    "LOCAL_MAILBOX_URL",
    "LOCAL_SERVICE_ROLE_KEY",
    "LOCAL_PROVIDER_PICTURE_ORIGINS",
    "SUPABASE_SECRET_KEY",
    "SMTP_URL",
    "CRON_SECRET",
    "VAPID_PUBLIC_KEY",
    "VAPID_PRIVATE_KEY",
  ]) {
    if (!(k in extra)) delete env[k];
  }
  return env;
}

type Run = { child: ChildProcess; out: () => string; exit: Promise<number | null> };

function start(args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c));
  child.stderr!.on("data", (c: Buffer) => (out += c));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, out: () => out, exit };
}

async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function devEnv() {
  const dir = mkdtempSync(path.join(tmpdir(), "supabase-local-dev-"));
  dirs.push(dir);
  return cleanEnv({
    SUPABASE_LOCAL_DIR: dir,
    SUPABASE_LOCAL_API_PORT: String(await freePort()),
    SUPABASE_LOCAL_DB_PORT: String(await freePort()),
    SUPABASE_LOCAL_SMTP_PORT: String(await freePort()),
  });
}

// Waits to be stopped; gives up after a minute so it can never outlive the suite.
const wait = [
  process.execPath,
  "-e",
  "console.log('child up pid=' + process.pid); setTimeout(() => {}, 60_000)",
];

// Each case starts whole stacks; on a busy two-core machine that takes seconds.
describe("supabase-local (the bin)", { timeout: 60_000 }, () => {
  it("passes the command's exit code through and gives it the stack's variables", async () => {
    const run = start(
      ["--test", "--", process.execPath, "-e", "console.log(process.env.LOCAL_MAILBOX_URL); process.exit(3)"],
      cleanEnv(),
    );
    expect(await run.exit).toBe(3);
    expect(run.out()).toMatch(/http:\/\/127\.0\.0\.1:\d+\/mailbox/);
  });

  it("calls --cron's URL every few seconds with the bearer secret it gives the command", async () => {
    const calls: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      calls.push(req.headers.authorization);
      res.end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/cron/tick`;
    const script = "console.log('secret=' + process.env.CRON_SECRET); setTimeout(() => {}, 60_000)";
    const run = start(["--test", "--cron", url, "--", process.execPath, "-e", script], {
      ...cleanEnv(),
      SUPABASE_LOCAL_CRON_SECONDS: "0.2",
    });
    try {
      await until(() => calls.length >= 2);
      const secret = /secret=(\S+)/.exec(run.out())![1]!;
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(new Set(calls)).toEqual(new Set([`Bearer ${secret}`]));
    } finally {
      run.child.kill("SIGTERM");
      await run.exit;
      server.close();
    }
    const bad = start(["--test", "--cron", "https://example.com/x", "--", "true"], cleanEnv());
    expect(await bad.exit).toBe(2);
    expect(bad.out()).toContain("--cron takes an http://127.0.0.1");
  });

  it("only runs the command when a Supabase project is configured", async () => {
    const env = cleanEnv({ NEXT_PUBLIC_SUPABASE_URL: "https://example.supabase.co" });
    const run = start(
      ["--test", "--", process.execPath, "-e", "console.log('db=' + process.env.LOCAL_DB_ADMIN_URL)"],
      env,
    );
    expect(await run.exit).toBe(0);
    expect(run.out().trim()).toBe("db=undefined");
  });

  it("refuses a second start on the same data folder and a busy port with one line each; SIGTERM stops Postgres", async () => {
    const env = await devEnv();
    const first = start(["--dev", "--", ...wait], env);
    await until(() => first.out().includes("child up"));
    expect(first.out()).toContain("Mailbox");
    expect(first.out()).toContain("noosa-demo-2026");
    const second = start(["--dev", "--", "true"], env);
    expect(await second.exit).toBe(1);
    expect(second.out().trim().split("\n")).toHaveLength(1);
    expect(second.out()).toMatch(/already running \(pid \d+/);
    const otherDir = { ...(await devEnv()), SUPABASE_LOCAL_API_PORT: env.SUPABASE_LOCAL_API_PORT! };
    const busy = start(["--dev", "--", "true"], otherDir);
    expect(await busy.exit).toBe(1);
    expect(busy.out()).toMatch(
      new RegExp(`Port ${env.SUPABASE_LOCAL_API_PORT} \\(API\\) is already in use.*SUPABASE_LOCAL_API_PORT`),
    );
    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(143);
    expect(existsSync(path.join(env.SUPABASE_LOCAL_DIR!, "db/postmaster.pid"))).toBe(false);
  });

  it("ends the command with a message when Postgres dies underneath it", async () => {
    const script = `console.log('db=' + process.env.LOCAL_DB_ADMIN_URL); setTimeout(() => {}, 60_000)`;
    const run = start(["--test", "--", process.execPath, "-e", script], cleanEnv());
    await until(() => /db=\S+/.test(run.out()));
    const sql = postgres(/db=(\S+)/.exec(run.out())![1]!, { max: 1, onnotice: () => {} });
    // A superuser backend can run a program; its shell's grandparent is the postmaster: kill that.
    await sql
      .unsafe(`copy (select 1) to program 'kill -KILL $(cut -d" " -f4 /proc/$PPID/stat)'`)
      .catch(() => {});
    await sql.end({ timeout: 1 }).catch(() => {});
    expect(await run.exit).not.toBe(0);
    expect(run.out()).toMatch(/supabase-local: Postgres stopped unexpectedly/);
  });

  it("recovers from a stack killed with SIGKILL (orphaned Postgres)", async () => {
    const env = await devEnv();
    const first = start(["--dev", "--", ...wait], env);
    await until(() => first.out().includes("child up"));
    first.child.kill("SIGKILL");
    await first.exit;
    process.kill(Number(/child up pid=(\d+)/.exec(first.out())![1]), "SIGTERM"); // orphaned with its parent
    const next = start(["--dev", "--", process.execPath, "-e", "console.log('second up')"], env);
    expect(await next.exit).toBe(0);
    expect(next.out()).toContain("left running by an earlier stack");
    expect(next.out()).toContain("second up");
  });
});

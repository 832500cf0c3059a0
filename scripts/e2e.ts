/**
 * `npm run test:e2e [-- <files or Playwright options>]`, inside the throwaway stack (with-stack).
 *
 * The whole suite runs as playwright.config.ts says: two workers, then the specs that change what every
 * other test sees, one at a time (the "serial" project depends on "desktop"). Playwright runs a dependency
 * project in full even when a file is named, so a focused run (any argument) drops the dependency and uses
 * one worker instead: the chosen specs run alone, in order, and never overlap each other.
 */
import { spawn } from "node:child_process";

const args = process.argv.slice(2);
const focused = args.length > 0 ? ["--no-deps", "--workers=1"] : [];
const child = spawn("playwright", ["test", ...focused, ...args], { stdio: "inherit" });
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));

/**
 * The browser the benchmark drives, for Lighthouse and for the two message contexts: the end-to-end suite's,
 * Debian's chromium-headless-shell, which .ci/run installs, so a clean clone has it; or CHROMIUM_PATH (the
 * full /usr/bin/chromium scored the same here; see docs/performance.md#known-misses for a machine where it
 * did not).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath } from "../e2e/support/chromium.ts";

/** "Chromium 156.0.8078.79" (and the path), or a plain message saying how to get a browser. */
export function browserVersion(): string {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `No browser at ${chromiumPath}: apt-get install chromium-headless-shell, or set CHROMIUM_PATH.`,
    );
  }
  return `${execFileSync(chromiumPath, ["--version"], { encoding: "utf8" }).trim()} (${chromiumPath})`;
}

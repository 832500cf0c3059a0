/**
 * The browser the benchmark drives, for Lighthouse and for the two message contexts: the end-to-end suite's,
 * Debian's chromium-headless-shell, which .ci/run installs, so a clean clone has it; or CHROMIUM_PATH (the
 * full /usr/bin/chromium scored the same here; see the README's Measuring section for a machine where it
 * did not).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const browserPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/** "Chromium 156.0.8078.79" (and the path), or a plain message saying how to get a browser. */
export function browserVersion(): string {
  if (!existsSync(browserPath)) {
    throw new Error(
      `No browser at ${browserPath}: apt-get install chromium-headless-shell, or set CHROMIUM_PATH.`,
    );
  }
  return `${execFileSync(browserPath, ["--version"], { encoding: "utf8" }).trim()} (${browserPath})`;
}

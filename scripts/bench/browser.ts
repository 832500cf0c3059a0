/**
 * The browser the benchmark drives, for Lighthouse and for the two message contexts: the end-to-end suite's,
 * Debian's chromium-headless-shell (installed by .ci/run, so a clean clone has it), or CHROMIUM_PATH.
 *
 * Why not the full `chromium`: in its headless mode, under Lighthouse, the app's observed first paint came
 * at 0.2, 1.2 or 2.2 s across identical runs of the same page (the compositor dropped frames after the
 * first commit), while a plain load paints at 0.1–0.5 s and the headless shell never stalled. Lighthouse's
 * simulated metrics start from that observed trace, so the stall cost the app 7–12 points it does not lose
 * elsewhere. `CHROMIUM_PATH=/usr/bin/chromium npm run bench` measures with the full browser all the same.
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

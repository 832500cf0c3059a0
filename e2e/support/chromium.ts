/**
 * The browser the end-to-end suite drives, and the benchmark with it: Debian's headless shell, which
 * .ci/run installs (the full chromium's GPU and UI processes cost a 2-core machine ~40% more time), or
 * whatever CHROMIUM_PATH names.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

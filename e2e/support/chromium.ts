/**
 * The browser the end-to-end suite drives, and the benchmark with it: Debian's headless shell, which
 * .ci/run installs (the full chromium's GPU and UI processes cost a 2-core machine ~40% more time), or
 * whatever CHROMIUM_PATH names.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * Debian's full Chromium (new headless mode), for the one spec that needs a notification shown: the headless
 * shell denies the notification permission whatever is granted. .ci/run installs it; CHROMIUM_FULL_PATH
 * names another.
 */
export const fullChromiumPath = process.env.CHROMIUM_FULL_PATH ?? "/usr/bin/chromium";

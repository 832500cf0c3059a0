/**
 * Largest Contentful Paint on a throttled phone, through the DevTools protocol in the bench's browser
 * (./browser.ts): a Pixel 7's screen, the CPU slowed 4× and Lighthouse's "slow 4G" (150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up, as DevTools applies it: ×3.75 latency, ×0.9 throughput). Each run is a
 * fresh browser context (nothing cached), so it is a first visit from a search. Besides LCP it says which
 * element was the largest and whether the first urgent team's "Ask to join" is on the first screen.
 */
import { chromium, type Browser } from "@playwright/test";
import { chromiumPath } from "../e2e/support/chromium.ts";

export type LcpSample = {
  lcpMs: number;
  fcpMs: number;
  /** The LCP element: tag and the start of its text. */
  element: string;
  /** The first urgent card's "Ask to join as a …" is in the first screen (null: the page has none). */
  askInFirstScreen: boolean | null;
};

// Lighthouse's mobile "slow 4G" (its throttling.mobileSlow4G), in DevTools-applied form.
export const slow4g = {
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};
export const cpuSlowdown = 4;
const pixel7 = { width: 412, height: 915, deviceScaleFactor: 2.625 };

export async function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
}

/** One cold load of `url` on the throttled phone. */
export async function throttledLcp(browser: Browser, url: string): Promise<LcpSample> {
  const context = await browser.newContext({
    viewport: { width: pixel7.width, height: pixel7.height },
    deviceScaleFactor: pixel7.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...slow4g });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    // Watch from the first byte, so no entry is missed (buffered entries are read as well).
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: { t: number; el: string }[]; __fcp: number };
      w.__lcp = [];
      w.__fcp = NaN;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          const el = e.element;
          const label = el
            ? `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`
            : "?";
          w.__lcp.push({ t: e.startTime, el: label });
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === "first-contentful-paint") w.__fcp = e.startTime;
      }).observe({ type: "paint", buffered: true });
    });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    // LCP can still move while late content paints: wait for the network to settle, then a moment more.
    await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(1500);
    const result = await page.evaluate(() => {
      const w = window as unknown as { __lcp: { t: number; el: string }[]; __fcp: number };
      const last = w.__lcp.at(-1);
      const ask = [...document.querySelectorAll("#urgent-teams a")].find((a) =>
        a.textContent?.startsWith("Ask to join as a"),
      );
      const box = ask?.getBoundingClientRect();
      return {
        lcpMs: last?.t ?? NaN,
        fcpMs: w.__fcp,
        element: last?.el ?? "none",
        askInFirstScreen: box ? box.bottom <= window.innerHeight && box.top >= 0 : null,
      };
    });
    return result;
  } finally {
    await context.close();
  }
}

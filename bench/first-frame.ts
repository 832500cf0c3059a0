/**
 * How long a Lighthouse run's first frame waited between being ready and being drawn, read from the
 * run's own trace (`--save-assets`).
 *
 * Headless Chromium's display compositor (viz) stops offering BeginFrames to a page that has left ten of
 * them unanswered during its load, and then offers one a second (`ThrottleUnresponsiveClient` in
 * `CompositorFrameSinkSupport::ShouldSendBeginFrame`; GoogleChrome/lighthouse#17148, open). The page's
 * first frame is then rastered and activated but not drawn until the next offer, up to a second later,
 * with the page idle meanwhile; Lighthouse's simulation counts everything that ran before that late paint
 * into FCP and LCP. Measured on 2026-11-27: activated → first contentful paint took 11–54 ms for the
 * floor and 856–1,055 ms for the app's public pages.
 */
export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
};

/** A first frame drawn this long after it was activated was held back, not slow: a real wait is a few frames. */
export const heldBackMs = 500;

/** Milliseconds from the page's first activated frame to its first contentful paint; null if either is missing. */
export function firstFrameWaitMs(events: TraceEvent[]): number | null {
  const navigation = events.find(
    (e) =>
      e.name === "navigationStart" &&
      e.args?.data?.isLoadingMainFrame === true &&
      e.args.data.documentLoaderURL?.startsWith("http"),
  );
  if (!navigation) return null;
  const { pid, ts: start } = navigation;
  const compositor = events.find(
    (e) => e.pid === pid && e.name === "thread_name" && e.args?.name === "Compositor",
  );
  const after = (e: TraceEvent) => e.pid === pid && e.ts >= start && e.ph !== "e";
  const activation = events
    .filter(
      (e) =>
        after(e) && e.tid === compositor?.tid && (e.name === "Activation" || e.name === "ActivateLayerTree"),
    )
    .sort((a, b) => a.ts - b.ts)[0];
  const paint = events
    .filter((e) => after(e) && e.name === "firstContentfulPaint")
    .sort((a, b) => a.ts - b.ts)[0];
  if (!activation || !paint) return null;
  return Math.max(0, (paint.ts - activation.ts) / 1000);
}

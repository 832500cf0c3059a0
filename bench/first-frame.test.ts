import { describe, expect, it } from "vitest";
import { firstFrameWaitMs, type TraceEvent } from "./first-frame";

const page = 7;
const navigation: TraceEvent = {
  name: "navigationStart",
  ph: "R",
  ts: 1_000_000,
  pid: page,
  tid: 1,
  args: { data: { isLoadingMainFrame: true, documentLoaderURL: "http://127.0.0.1:3000/" } },
};
const threads: TraceEvent[] = [
  { name: "thread_name", ph: "M", ts: 0, pid: page, tid: 1, args: { name: "CrRendererMain" } },
  { name: "thread_name", ph: "M", ts: 0, pid: page, tid: 2, args: { name: "Compositor" } },
  { name: "thread_name", ph: "M", ts: 0, pid: 9, tid: 2, args: { name: "Compositor" } },
];
const at = (ms: number, name: string, tid: number, pid = page, ph = "b"): TraceEvent => ({
  name,
  ph,
  ts: navigation.ts + ms * 1000,
  pid,
  tid,
});

describe("firstFrameWaitMs", () => {
  it("measures a held-back first frame from its activation to the paint", () => {
    const trace = [
      ...threads,
      navigation,
      at(286, "Activation", 2),
      at(1197, "Activation", 2),
      at(1220, "firstContentfulPaint", 1, page, "R"),
    ];
    expect(firstFrameWaitMs(trace)).toBeCloseTo(934, 0);
  });

  it("ignores another process's compositor and events before the navigation", () => {
    const trace = [
      ...threads,
      at(-50, "Activation", 2),
      navigation,
      at(100, "Activation", 2, 9),
      at(119, "Activation", 2),
      at(138, "firstContentfulPaint", 1, page, "R"),
    ];
    expect(firstFrameWaitMs(trace)).toBeCloseTo(19, 0);
  });

  it("says nothing when the trace has no paint", () => {
    expect(firstFrameWaitMs([...threads, navigation, at(119, "Activation", 2)])).toBeNull();
    expect(firstFrameWaitMs(threads)).toBeNull();
  });
});

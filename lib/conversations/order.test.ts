import { describe, expect, it } from "vitest";
import { compareMessages, mergeMessages, timeKey } from "./order";
import type { Message } from "./types";

const msg = (id: string, created_at: string, patch: Partial<Message> = {}): Message => ({
  id,
  conversation_id: "c",
  sender_id: "s",
  content: id,
  created_at,
  read: false,
  ...patch,
});

describe("timeKey", () => {
  it("orders by microseconds and across offsets", () => {
    expect(timeKey("2026-11-23T13:00:00.123456+00:00") < timeKey("2026-11-23T13:00:00.123457+00:00")).toBe(
      true,
    );
    expect(timeKey("2026-11-23T23:00:00.5+10:00")).toBe(timeKey("2026-11-23T13:00:00.500000Z"));
  });
});

describe("mergeMessages", () => {
  it("keeps each id once, in created_at order, the later copy winning", () => {
    const a = msg("a", "2026-11-23T13:00:00.000001+00:00");
    const b = msg("b", "2026-11-23T13:00:00.000002+00:00");
    const merged = mergeMessages([b], [a, b, { ...a, read: true }]);
    expect(merged.map((m) => m.id)).toEqual(["a", "b"]);
    expect(merged[0]!.read).toBe(true);
  });

  it("breaks a timestamp tie by id", () => {
    const t = "2026-11-23T13:00:00+00:00";
    expect([msg("b", t), msg("a", t)].sort(compareMessages).map((m) => m.id)).toEqual(["a", "b"]);
  });

  it("orders a message again when a later copy carries another time (the server's for the optimistic one)", () => {
    const a = msg("a", "2026-11-23T13:00:00.000003+00:00");
    const b = msg("b", "2026-11-23T13:00:00.000002+00:00");
    const thread = mergeMessages([], [a, b]);
    expect(thread.map((m) => m.id)).toEqual(["b", "a"]);
    const moved = mergeMessages(thread, [{ ...a, created_at: "2026-11-23T13:00:00.000001+00:00" }]);
    expect(moved.map((m) => m.id)).toEqual(["a", "b"]);
    // The same object with its time changed in place is ordered by the new time too.
    const [first, second] = thread;
    expect([second!, first!].sort(compareMessages).map((m) => m.id)).toEqual(["b", "a"]);
    second!.created_at = "2026-11-23T12:59:59+00:00";
    expect([first!, second!].sort(compareMessages).map((m) => m.id)).toEqual(["a", "b"]);
  });
});

import { describe, expect, it } from "vitest";
import Serializer from "@supabase/realtime-js/dist/module/lib/serializer.js";
import { decodeBroadcastPush, encodeUserBroadcast } from "./binary.ts";

// Checked against realtime-js's own serializer, so the stand-in reads and writes exactly its frames.
const serializer = new Serializer();

describe("binary broadcast frames", () => {
  it("decodes what realtime-js sends for a JSON broadcast (multi-byte text included)", () => {
    let frame: unknown;
    serializer.encode(
      {
        join_ref: "5",
        ref: "12",
        topic: "realtime:café",
        event: "broadcast",
        payload: { type: "broadcast", event: "wavé 🌊", payload: { n: 1, s: "ü" } },
      },
      (r: unknown) => (frame = r),
    );
    const push = decodeBroadcastPush(Buffer.from(frame as ArrayBuffer));
    expect(push).toMatchObject({
      joinRef: "5",
      ref: "12",
      topic: "realtime:café",
      event: "wavé 🌊",
      encoding: 1,
    });
    expect(JSON.parse(push!.payload.toString("utf8"))).toEqual({ n: 1, s: "ü" });
  });

  it("encodes a user broadcast realtime-js decodes", () => {
    const frame = encodeUserBroadcast({
      topic: "realtime:room",
      event: "cursor",
      metadata: "",
      encoding: 1,
      payload: Buffer.from(JSON.stringify({ x: 3 })),
    })!;
    const bytes = new Uint8Array(frame).buffer;
    let decoded: unknown;
    serializer.decode(bytes, (m: unknown) => (decoded = m));
    expect(decoded).toEqual({
      join_ref: null,
      ref: null,
      topic: "realtime:room",
      event: "broadcast",
      payload: { type: "broadcast", event: "cursor", payload: { x: 3 } },
    });
  });

  it("refuses truncated or foreign frames", () => {
    expect(decodeBroadcastPush(Buffer.from([3, 1, 1, 1, 1, 0, 1, 65]))).toBeNull();
    expect(decodeBroadcastPush(Buffer.from([4, 0, 0, 0, 0, 0, 1]))).toBeNull();
  });
});

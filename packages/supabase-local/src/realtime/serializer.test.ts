import { describe, expect, it } from "vitest";
import { decode, encode, encodeWithPayloadJson, vsnFrom, type PhxMessage } from "./serializer.ts";

const message: PhxMessage = {
  joinRef: "6",
  ref: "7",
  topic: "realtime:room-1",
  event: "phx_join",
  payload: { a: 1 },
};

describe("serializer", () => {
  it("encodes vsn 2.0.0 as arrays and 1.0.0 as objects", () => {
    expect(JSON.parse(encode(message, "2.0.0"))).toEqual(["6", "7", "realtime:room-1", "phx_join", { a: 1 }]);
    expect(JSON.parse(encode(message, "1.0.0"))).toEqual({
      join_ref: "6",
      ref: "7",
      topic: "realtime:room-1",
      event: "phx_join",
      payload: { a: 1 },
    });
  });

  it("round-trips both versions", () => {
    for (const vsn of ["1.0.0", "2.0.0"] as const) {
      expect(decode(encode(message, vsn), vsn)).toEqual({ ok: true, message });
    }
  });

  it("accepts null refs, numeric refs and a missing payload", () => {
    expect(decode('[null,null,"phoenix","heartbeat",{}]', "2.0.0")).toEqual({
      ok: true,
      message: { joinRef: null, ref: null, topic: "phoenix", event: "heartbeat", payload: {} },
    });
    const decoded = decode('{"topic":"phoenix","event":"heartbeat","ref":3}', "1.0.0");
    expect(decoded).toEqual({
      ok: true,
      message: { joinRef: null, ref: "3", topic: "phoenix", event: "heartbeat", payload: {} },
    });
  });

  it("reports malformed frames instead of throwing", () => {
    const bad: [string, "1.0.0" | "2.0.0"][] = [
      ["not json", "2.0.0"],
      ["[1,2,3]", "2.0.0"],
      ['[null,null,"t","e",[1]]', "2.0.0"],
      ['[null,null,5,"e",{}]', "2.0.0"],
      ['[null,{},"t","e",{}]', "2.0.0"],
      ['[null,null,"t","",{}]', "2.0.0"],
      ['["a","b","t","e",{}]', "1.0.0"],
      ["null", "1.0.0"],
    ];
    for (const [raw, vsn] of bad) expect(decode(raw, vsn).ok).toBe(false);
  });

  it("splices a pre-serialized payload into the same frames as encode", () => {
    const head = { joinRef: null, ref: null, topic: 'realtime:a"b', event: "postgres_changes" };
    const payload = { ids: [3], data: { record: { body: "x" } } };
    for (const vsn of ["1.0.0", "2.0.0"] as const) {
      const spliced = encodeWithPayloadJson(head, JSON.stringify(payload), vsn);
      expect(JSON.parse(spliced)).toEqual(JSON.parse(encode({ ...head, payload }, vsn)));
    }
  });

  it("defaults to 2.0.0 unless 1.0.0 is asked for", () => {
    expect(vsnFrom("1.0.0")).toBe("1.0.0");
    expect(vsnFrom("2.0.0")).toBe("2.0.0");
    expect(vsnFrom(null)).toBe("2.0.0");
    expect(vsnFrom("9")).toBe("2.0.0");
  });
});

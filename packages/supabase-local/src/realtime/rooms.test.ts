import { describe, expect, it } from "vitest";
import { Rooms, presenceKeyOf, type Member } from "./rooms.ts";

function member(topic: string, key: string, patch: Partial<Member> = {}) {
  const diffs: unknown[] = [];
  const broadcasts: string[] = [];
  const m: Member = {
    room: topic,
    hears: { broadcast: true, presence: true },
    presenceKey: key,
    presenceEnabled: true,
    broadcastSelf: false,
    meta: null,
    sendPresenceDiff: (d) => diffs.push(d),
    sendBroadcast: (b) => broadcasts.push(b.event),
    ...patch,
  };
  return { m, diffs, broadcasts };
}

describe("Rooms", () => {
  it("diffs a track, a re-track (with phx_ref_prev) and a leave to members with presence enabled", () => {
    const rooms = new Rooms();
    const a = member("t", "a");
    const quiet = member("t", "q", { presenceEnabled: false });
    rooms.join(a.m);
    rooms.join(quiet.m);
    rooms.track(a.m, { n: 1 });
    const first = a.m.meta!;
    rooms.track(a.m, { n: 2 });
    expect(a.m.meta).toMatchObject({ n: 2, phx_ref_prev: first.phx_ref });
    expect(a.diffs[1]).toEqual({ joins: { a: { metas: [a.m.meta] } }, leaves: { a: { metas: [first] } } });
    expect(rooms.state("t")).toEqual({ a: { metas: [a.m.meta] } });
    const last = a.m.meta;
    rooms.leave(a.m);
    expect(a.diffs[2]).toEqual({ joins: {}, leaves: { a: { metas: [last] } } });
    expect(quiet.diffs).toHaveLength(0);
    expect(rooms.state("t")).toEqual({});
    rooms.join(a.m);
    rooms.track(a.m, {});
    rooms.untrack(a.m);
    expect(a.diffs.at(-1)).toMatchObject({ joins: {}, leaves: { a: { metas: [expect.any(Object)] } } });
    expect(last).not.toBeNull();
  });

  it("broadcasts to the others on the topic, and to the sender only with self", () => {
    const rooms = new Rooms();
    const a = member("t", "a");
    const b = member("t", "b");
    const self = member("t", "s", { broadcastSelf: true });
    const elsewhere = member("u", "e");
    for (const x of [a, b, self, elsewhere]) rooms.join(x.m);
    const msg = { event: "wave", encoding: 1 as const, payload: Buffer.from("{}"), metadata: "" };
    rooms.broadcast(a.m, msg);
    rooms.broadcast(self.m, msg);
    expect(a.broadcasts).toEqual(["wave"]);
    expect(b.broadcasts).toEqual(["wave", "wave"]);
    expect(self.broadcasts).toEqual(["wave", "wave"]);
    expect(elsewhere.broadcasts).toEqual([]);
  });

  it("keeps members without read permission (a private channel) out of broadcasts and presence", () => {
    const rooms = new Rooms();
    const a = member("private:t", "a");
    const deaf = member("private:t", "d", { hears: { broadcast: false, presence: false } });
    const publicTwin = member("public:t", "p");
    for (const x of [a, deaf, publicTwin]) rooms.join(x.m);
    rooms.broadcast(publicTwin.m, { event: "x", encoding: 1, payload: Buffer.from("{}"), metadata: "" });
    rooms.broadcast(a.m, { event: "y", encoding: 1, payload: Buffer.from("{}"), metadata: "" });
    rooms.track(a.m, {});
    expect(a.broadcasts).toEqual([]);
    expect(deaf.broadcasts).toEqual([]);
    expect(deaf.diffs).toEqual([]);
    expect(publicTwin.diffs).toEqual([]);
    expect(a.diffs).toHaveLength(1);
  });

  it("gives an empty presence key a random one", () => {
    expect(presenceKeyOf("me")).toBe("me");
    expect(presenceKeyOf("")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

import { describe, expect, it } from "vitest";
import { latestOnly } from "./latest-count";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("latestOnly", () => {
  it("an older read that answers last never overwrites a newer one", async () => {
    const shown: number[] = [];
    const read = latestOnly<number>((n) => shown.push(n));
    const before = deferred<number>(); // counted before the message was stored
    const after = deferred<number>(); // counted after it
    const first = read(() => before.promise);
    const second = read(() => after.promise);
    after.resolve(1);
    await expect(second).resolves.toBe(true);
    before.resolve(0);
    await expect(first).resolves.toBe(false);
    expect(shown).toEqual([1]);
  });

  it("answers in order are all applied, the last one wins", async () => {
    const shown: number[] = [];
    const read = latestOnly<number>((n) => shown.push(n));
    await read(async () => 0);
    await read(async () => 2);
    expect(shown).toEqual([0, 2]);
  });

  it("a failed read applies nothing and does not block later ones", async () => {
    const shown: number[] = [];
    const read = latestOnly<number>((n) => shown.push(n));
    await expect(read(() => Promise.reject(new Error("offline")))).rejects.toThrow("offline");
    await read(async () => 3);
    expect(shown).toEqual([3]);
  });
});

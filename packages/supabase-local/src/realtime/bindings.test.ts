import { describe, expect, it } from "vitest";
import { bindingId, parseBindings } from "./bindings.ts";

describe("parseBindings", () => {
  it("echoes exactly the fields sent and gives truthy, stable integer ids", () => {
    const result = parseBindings([
      { event: "INSERT", schema: "public", table: "messages", filter: "team_id=eq.7" },
      { event: "*", schema: "public" },
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [first, second] = result.bindings;
    expect(first?.echo).toEqual({
      event: "INSERT",
      schema: "public",
      table: "messages",
      filter: "team_id=eq.7",
    });
    expect(second?.echo).toEqual({ event: "*", schema: "public" });
    expect(second?.table).toBeNull();
    for (const b of result.bindings) {
      expect(Number.isInteger(b.id) && b.id > 0).toBe(true);
    }
    expect(first?.id).toBe(bindingId("INSERT", "public", "messages", "team_id=eq.7"));
    expect(first?.id).not.toBe(second?.id);
  });

  it("treats a missing config as no bindings", () => {
    expect(parseBindings(undefined)).toEqual({ ok: true, bindings: [] });
  });

  it("rejects unknown events, missing schemas and bad filters", () => {
    expect(parseBindings([{ event: "TRUNCATE", schema: "public" }]).ok).toBe(false);
    expect(parseBindings([{ event: "*" }]).ok).toBe(false);
    expect(parseBindings([{ event: "*", schema: "public", table: "t", filter: "x=like.a" }]).ok).toBe(false);
    expect(parseBindings([{ event: "*", schema: "public", filter: "x=eq.1" }]).ok).toBe(false);
    expect(parseBindings("nope").ok).toBe(false);
    expect(parseBindings([null]).ok).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { matchesFilter, parseFilter, type Filter } from "./filter.ts";

function parsed(text: string): Filter {
  const result = parseFilter(text);
  if (!result.ok) throw new Error(result.reason);
  return result.filter;
}

describe("parseFilter", () => {
  it("parses column=op.value for every operator", () => {
    for (const op of ["eq", "neq", "lt", "lte", "gt", "gte"]) {
      expect(parsed(`team_id=${op}.42`)).toEqual({ column: "team_id", op, values: ["42"] });
    }
  });

  it("keeps dots and equals signs inside the value", () => {
    expect(parsed("email=eq.a=b.c@x.au")).toEqual({ column: "email", op: "eq", values: ["a=b.c@x.au"] });
  });

  it("parses in lists, with quoted values that contain commas", () => {
    expect(parsed("id=in.(1, 2,3)").values).toEqual(["1", "2", "3"]);
    expect(parsed('name=in.("Noosa, QLD",Tewantin)').values).toEqual(["Noosa, QLD", "Tewantin"]);
  });

  it("rejects malformed filters with a message", () => {
    for (const bad of ["", "=eq.1", "id", "id=eq", "id=like.%a%", "id=in.1,2", "id=in.()", 'id=in.("open)']) {
      const result = parseFilter(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason.length).toBeGreaterThan(0);
    }
  });

  it("caps in lists at 100 values", () => {
    const many = Array.from({ length: 101 }, (_, i) => i).join(",");
    expect(parseFilter(`id=in.(${many})`).ok).toBe(false);
    expect(parseFilter(`id=in.(${many.split(",").slice(0, 100).join(",")})`).ok).toBe(true);
  });
});

describe("matchesFilter", () => {
  const row = { id: 5, owner: "AbC-1", score: 7.5, ok: true, at: "2026-01-02T03:04:05+00:00", note: null };

  it("compares numbers numerically", () => {
    expect(matchesFilter(parsed("id=eq.5"), row, "int8")).toBe(true);
    expect(matchesFilter(parsed("id=eq.05"), row, "int8")).toBe(true);
    expect(matchesFilter(parsed("id=gt.10"), row, "int8")).toBe(false);
    expect(matchesFilter(parsed("id=lt.10"), row, "int8")).toBe(true);
    expect(matchesFilter(parsed("id=lte.5"), row, "int8")).toBe(true);
    expect(matchesFilter(parsed("id=gte.6"), row, "int8")).toBe(false);
    expect(matchesFilter(parsed("score=gt.7.25"), row, "numeric")).toBe(true);
    expect(matchesFilter(parsed("id=eq.abc"), row, "int8")).toBe(false);
  });

  it("treats in as any-of and neq as not-equal", () => {
    expect(matchesFilter(parsed("id=in.(1,5,9)"), row, "int4")).toBe(true);
    expect(matchesFilter(parsed("id=in.(1,9)"), row, "int4")).toBe(false);
    expect(matchesFilter(parsed("id=neq.5"), row, "int4")).toBe(false);
    expect(matchesFilter(parsed("id=neq.6"), row, "int4")).toBe(true);
  });

  it("compares uuids case-insensitively and text exactly", () => {
    expect(matchesFilter(parsed("owner=eq.abc-1"), row, "uuid")).toBe(true);
    expect(matchesFilter(parsed("owner=eq.abc-1"), row, "text")).toBe(false);
    expect(matchesFilter(parsed("owner=eq.AbC-1"), row, "text")).toBe(true);
  });

  it("understands booleans and timestamps like Postgres casts", () => {
    expect(matchesFilter(parsed("ok=eq.true"), row, "bool")).toBe(true);
    expect(matchesFilter(parsed("ok=eq.f"), row, "bool")).toBe(false);
    expect(matchesFilter(parsed("at=eq.2026-01-02 03:04:05+00"), row, "timestamptz")).toBe(true);
    expect(matchesFilter(parsed("at=gt.2026-01-01"), row, "timestamptz")).toBe(true);
  });

  it("never matches SQL NULL or a missing column, as in SQL", () => {
    expect(matchesFilter(parsed("note=eq.x"), row, "text")).toBe(false);
    expect(matchesFilter(parsed("note=neq.x"), row, "text")).toBe(false);
    expect(matchesFilter(parsed("missing=eq.x"), row, "text")).toBe(false);
  });
});

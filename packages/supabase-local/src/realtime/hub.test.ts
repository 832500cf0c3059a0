import type postgres from "postgres";
import { describe, expect, it } from "vitest";
import type { ChangeRow } from "./capture.ts";
import { Hub, type Subscription } from "./hub.ts";

const change = (id: string, relid: number, table: string): ChangeRow => ({
  id,
  relid,
  schema_name: "public",
  table_name: table,
  op: "INSERT",
  record: { id: `row-${id}` },
  old_record: null,
  commit_ts: new Date(),
  columns: [{ name: "id", type: "text" }],
  pk: ["id"],
  replica_full: false,
  rls: true,
});

/**
 * A stand-in for the hub's database connection: answers the change read, the checker lookup and the
 * visibility checks, and records each statement with how many were in flight when it was sent.
 */
function fakeDatabase(changes: ChangeRow[]) {
  const sent: { kind: string; inFlight: number }[] = [];
  let inFlight = 0;
  const answer = (text: string, params: unknown[]): unknown[] => {
    if (text.includes("with taken as")) {
      const ids = String(params[0]).split(",");
      return changes.filter((c) => ids.includes(c.id));
    }
    if (text.includes("make_checker")) return [{ name: `visible_${String(params[0])}` }];
    if (text.includes("visible_")) return [{ v: [[true]], hidden: {} }];
    return [];
  };
  const unsafe = async (text: string, params: unknown[] = []) => {
    const kind = text.includes("with taken as")
      ? "read"
      : text.includes("make_checker")
        ? "checker"
        : text.includes("visible_")
          ? "check"
          : "other";
    sent.push({ kind, inFlight: ++inFlight });
    // A round trip: the answer comes on a later turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight--;
    return answer(text, params);
  };
  return { sql: { unsafe } as unknown as postgres.Sql, sent };
}

function subscriber(tables: string[]) {
  const got: string[] = [];
  const sub: Subscription = {
    topic: "realtime:test",
    claims: { role: "authenticated", sub: "user-1" },
    bindings: tables.map((table, i) => ({
      id: i + 1,
      event: "*",
      schema: "public",
      table,
      filter: null,
      echo: {},
    })),
    deliver: (_ids, dataJson) => got.push((JSON.parse(dataJson) as { table: string }).table),
    fail: () => {},
  };
  return { sub, got };
}

describe("Hub", () => {
  it("reads the changes of one commit as one batch and checks its tables together", async () => {
    // An RSVP's commit: the date's counts, then the answer, notified one after the other.
    const { sql, sent } = fakeDatabase([
      change("1", 101, "session_occurrences"),
      change("2", 102, "session_rsvps"),
    ]);
    const hub = new Hub(sql, () => {});
    const { sub, got } = subscriber(["session_occurrences", "session_rsvps"]);
    hub.subscriptions.add(sub);
    hub.enqueue("1");
    hub.enqueue("2");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await hub.settled();
    expect(got).toEqual(["session_occurrences", "session_rsvps"]);
    expect(sent.filter((s) => s.kind === "read")).toHaveLength(1);
    const checks = sent.filter((s) => s.kind === "check");
    expect(checks).toHaveLength(2);
    // The second table's check went out while the first's was still in flight.
    expect(Math.max(...checks.map((c) => c.inFlight))).toBe(2);
  });
});

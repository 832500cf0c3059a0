import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Claims, Tx } from "@/lib/db";
import { parseFilters } from "@/lib/browse/filters";
import { largeDataSql, removeLargeDataSql } from "@/scripts/large-data";
import { listAthletes, listOpenTeams } from "./browse";
import { listConversations } from "./conversations";
import { myTeams, partnerCounts } from "./dashboard";
import { readLiveNumbers } from "./live-numbers";
import { findProfileByAuthId } from "./profiles";

// Every query /browse, /dashboard and the landing numbers run, EXPLAINed at a moderate generated size
// (the planner's choices at 10k athletes are the same kind; seed-large + the render bench cover that).
const sizes = { athletes: 4000, teams: 800, conversations: 8000, messages: 24000 };
// Tables that grow with the community: the planner must pick an index on its own. Teams stay small (2,000
// at the target size, a few dozen pages), where a sequential scan of a count can honestly be cheapest; for
// them the test asks that an index path exists (the plan with enable_seqscan off has no Seq Scan).
const bigTables = ["profiles", "team_members", "conversations", "messages"];
const allTables = [...bigTables, "teams"];

const admin = postgres(process.env.LOCAL_DB_ADMIN_URL ?? "", { max: 1, onnotice: () => {} });
const captured: { query: string; params: unknown[] }[] = [];
const app = postgres(process.env.DATABASE_URL ?? "", {
  max: 1,
  prepare: false,
  onnotice: () => {},
  debug: (_connection, query, params) => captured.push({ query, params: params as unknown[] }),
});
const tag = `p${randomUUID().slice(0, 6)}`;

/** As lib/db withRls, on the recording client. */
function asUser<T>(claims: Claims | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const role = claims ? "authenticated" : "anon";
  return app.begin(async (tx) => {
    await tx`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${JSON.stringify(claims ?? { role: "anon" })}, true)`;
    return fn(tx as unknown as Tx);
  }) as Promise<T>;
}

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };
const walk = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(walk)];

/** EXPLAINs each query captured while `run` ran, as the same user; returns the seq scans on big tables. */
async function seqScans(claims: Claims | null, run: (tx: Tx) => Promise<unknown>) {
  captured.length = 0;
  await asUser(claims, run);
  const queries = captured.filter((q) => !q.query.includes("set_config") && /^\s*select/i.test(q.query));
  expect(queries.length).toBeGreaterThan(0);
  const found: string[] = [];
  for (const { query, params } of queries) {
    for (const forced of [false, true]) {
      const plan = await asUser(claims, async (tx) => {
        if (forced) await tx`set local enable_seqscan = off`;
        return (tx as unknown as postgres.Sql).unsafe(`explain (format json) ${query}`, params as never[]);
      });
      const root = (plan[0] as unknown as { "QUERY PLAN": { Plan: PlanNode }[] })["QUERY PLAN"][0]!.Plan;
      const watched = forced ? allTables : bigTables;
      for (const node of walk(root)) {
        if (node["Node Type"] === "Seq Scan" && watched.includes(node["Relation Name"] ?? "")) {
          found.push(
            `${node["Relation Name"]}${forced ? " (no index path)" : ""} in: ${query.replace(/\s+/g, " ").slice(0, 160)}`,
          );
        }
      }
    }
  }
  return found;
}

let me: Claims;
let profile: { id: string; place: string; authId: string };

beforeAll(async () => {
  await admin.begin(async (tx) => {
    for (const statement of largeDataSql(sizes, tag)) await tx.unsafe(statement);
  });
  await admin.unsafe(
    "vacuum analyze public.profiles, public.teams, public.team_members, public.conversations, public.messages",
  );
  const [row] = await admin<{ id: string; auth_id: string }[]>`
    select id, auth_id from public.profiles where username = ${`lg_${tag}_3`}`;
  me = { sub: row!.auth_id, role: "authenticated", email: "x@example.test" };
  profile = { id: row!.id, authId: row!.auth_id, place: "Noosa Heads" };
}, 120_000);

afterAll(async () => {
  for (const statement of removeLargeDataSql(tag)) await admin.unsafe(statement);
  await admin.end();
  await app.end();
}, 120_000);

const filterSets = [
  {},
  { role: "runner" },
  { level: "elite" },
  { role: "swimmer", level: "beginner" },
  { mine: "1" },
  { tp: "7", ap: "40" },
];

describe("query plans at scale (no sequential scan on a big table)", () => {
  it("browse as a visitor and as an athlete", async () => {
    const scans: string[] = [];
    for (const params of filterSets) {
      const f = parseFilters(params);
      for (const who of [null, me]) {
        const viewer = { specialty: who ? ("runner" as const) : null };
        const found = await seqScans(who, (tx) =>
          Promise.all([listOpenTeams(tx, f, viewer), listAthletes(tx, f, viewer)]),
        );
        scans.push(...found.map((s) => `${who ? "athlete" : "visitor"} ${JSON.stringify(params)}: ${s}`));
      }
    }
    expect(scans).toEqual([]);
  });

  it("dashboard cards", async () => {
    expect(await seqScans(me, (tx) => findProfileByAuthId(tx, me.sub))).toEqual([]);
    expect(await seqScans(me, (tx) => partnerCounts(tx, profile))).toEqual([]);
    expect(await seqScans(me, (tx) => myTeams(tx, profile))).toEqual([]);
    expect(await seqScans(me, (tx) => listConversations(tx, 3))).toEqual([]);
  });

  it("landing numbers", async () => {
    expect(await seqScans(null, readLiveNumbers)).toEqual([]);
  });
});

import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Claims, Tx } from "@/lib/db";
import { pageSizes, parseFilters } from "@/lib/browse/filters";
import { largeDataSql, removeLargeDataSql } from "@/bench/large-data";
import { listAthletes, listOpenTeams } from "./browse";
import { listConversations, unreadMessageCount } from "./conversations";
import { listMessages, markConversationRead } from "./messages";
import { myTeams, partnerCounts } from "./dashboard";
import { readLiveNumbers } from "./live-numbers";
import { findProfileByAuthId } from "./profiles";
import { findMyInvitation, listFitCandidates, listTeamInvitations } from "./team-invitations";
import { findTeamWithMembers, listMyTeams } from "./teams";
import { adminSql } from "@/test/fixtures/athletes";

// Every query /browse, /dashboard and the landing numbers run, EXPLAINed at a moderate generated size
// (the planner's choices at 10k athletes are the same kind; seed-large + the render bench cover that).
const sizes = { athletes: 4000, teams: 800, conversations: 8000, messages: 24000 };
// Tables that grow with the community: the planner must pick an index on its own. Teams stay small (2,000
// at the target size, a few dozen pages), where a sequential scan of a count can honestly be cheapest; for
// them the test asks that an index path exists (the plan with enable_seqscan off has no Seq Scan).
const bigTables = ["profiles", "team_members", "conversations", "messages"];
const allTables = [...bigTables, "teams"];

const admin = adminSql({ max: 1 });
const captured: { query: string; params: unknown[] }[] = [];
const app = postgres(process.env.DATABASE_URL ?? "", {
  max: 1,
  prepare: false,
  onnotice: () => {},
  debug: (_connection, query, params) => captured.push({ query, params: params as unknown[] }),
});
const tag = `p${randomUUID().slice(0, 6)}`;
// Receives auto_explain's plans of the statements inside PL/pgSQL functions (see innerPlans).
const notices: string[] = [];
const explainer = postgres(process.env.LOCAL_DB_ADMIN_URL ?? "", {
  max: 1,
  onnotice: (n) => notices.push(String(n.message ?? "")),
});

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
  const queries = captured.filter(
    (q) => !q.query.includes("set_config") && /^\s*(select|with)\b/i.test(q.query),
  );
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

/**
 * How often each private.* helper ran while `run` ran as the user (track_functions counts the calls of
 * functions Postgres does not inline, which every security-definer policy helper is). A helper inside a
 * policy or a list query must run once per statement, never once per row: at 10,000 athletes a per-row
 * call made counting the open teams take a second.
 */
async function helperCalls(claims: Claims | null, run: (tx: Tx) => Promise<unknown>) {
  // The counters are the backend's pending ones, which may still hold earlier transactions: take the
  // difference around `run`.
  const read = async (tx: postgres.TransactionSql) =>
    new Map(
      (
        await tx<{ name: string; n: number }[]>`
          select p.proname as name, pg_stat_get_xact_function_calls(p.oid)::int as n
          from pg_proc p join pg_namespace s on s.oid = p.pronamespace
          where s.nspname = 'private' and pg_stat_get_xact_function_calls(p.oid) > 0`
      ).map((r) => [r.name, r.n]),
    );
  const calls: Record<string, number> = {};
  await admin.begin(async (tx) => {
    await tx`set local track_functions = 'all'`;
    await tx`select set_config('role', ${claims ? "authenticated" : "anon"}, true), set_config('request.jwt.claims', ${JSON.stringify(claims ?? { role: "anon" })}, true)`;
    const before = await read(tx);
    await run(tx as unknown as Tx);
    for (const [name, n] of await read(tx)) {
      if (n > (before.get(name) ?? 0)) calls[name] = n - (before.get(name) ?? 0);
    }
  });
  return calls;
}
type RunNode = PlanNode & { "Actual Rows": number; "Actual Loops": number; Plans?: RunNode[] };

/**
 * The executed plans (actual row counts) of every statement run while `run` ran as the user, those inside
 * PL/pgSQL functions included, whose EXPLAIN shows only a Function Scan: auto_explain with nested
 * statements, its plans sent back as notices. Loaded as the superuser, before the role is switched.
 */
async function innerPlans(claims: Claims, run: (tx: Tx) => Promise<unknown>) {
  notices.length = 0;
  await explainer.begin(async (tx) => {
    await tx`load 'auto_explain'`;
    for (const [name, value] of Object.entries({
      log_min_duration: "0",
      log_analyze: "on",
      log_timing: "off",
      log_nested_statements: "on",
      log_format: "json",
      log_level: "notice",
    })) {
      await tx`select set_config(${`auto_explain.${name}`}, ${value}, true)`;
    }
    await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
    await run(tx as unknown as Tx);
  });
  return notices.flatMap((n) => {
    const start = n.indexOf("{");
    return start < 0 ? [] : [JSON.parse(n.slice(start)) as { "Query Text": string; Plan: RunNode }];
  });
}

const total = (calls: Record<string, number>) => Object.values(calls).reduce((a, b) => a + b, 0);

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
  await explainer.end();
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
    expect(await seqScans(me, (tx) => partnerCounts(tx, profile.authId))).toEqual([]);
    expect(await seqScans(me, (tx) => myTeams(tx, profile.authId))).toEqual([]);
    expect(await seqScans(me, (tx) => listConversations(tx, 3))).toEqual([]);
  });

  it("a thread", async () => {
    const [mine] = await admin<{ id: string }[]>`
      select id from public.conversations where ${profile.id} in (participant_one_id, participant_two_id) limit 1`;
    expect(await seqScans(me, (tx) => listMessages(tx, mine!.id))).toEqual([]);
  });

  it("landing numbers", async () => {
    expect(await seqScans(null, readLiveNumbers)).toEqual([]);
  });

  it("a team page, for its creator and for another athlete", async () => {
    const team = await creatorTeam();
    const creator: Claims = { sub: team.creator, role: "authenticated", email: "x@example.test" };
    expect(
      await seqScans(creator, async (tx) => {
        await findTeamWithMembers(tx, team.id);
        await findProfileByAuthId(tx, team.creator);
        await listFitCandidates(tx, team.id);
        await listTeamInvitations(tx, team.id);
      }),
    ).toEqual([]);
    expect(await seqScans(me, (tx) => findMyInvitation(tx, team.id))).toEqual([]);
  });
});

/** A generated open team whose creator still needs two legs or more (the urgent one if it can). */
async function creatorTeam() {
  const [team] = await admin<{ id: string; creator: string }[]>`
    select t.id, t.creator_id as creator
    from public.teams t join public.profiles p on p.auth_id = t.creator_id
    where p.username like ${`lg_${tag}_%`} and t.status = 'open'
      and cardinality(private.team_missing_roles(t)) >= 2
    order by coalesce(t.urgent_role = any (private.team_missing_roles(t)), false) desc, t.created_at desc
    limit 1`;
  expect(team).toBeDefined();
  return team!;
}

describe("Athletes who fit: bounded by the 100 rows returned, not by the community", () => {
  it("reads each missing leg newest first up to 100, checks sessions only for the rows returned, no helper per row", async () => {
    // Sessions of a busy race week: one per generated athlete, a tenth of them refreshed just now.
    await admin`
      insert into auth.sessions (id, user_id, updated_at)
      select gen_random_uuid(), p.auth_id, now() - case when i % 10 = 0 then interval '1 minute' else interval '2 hours' end
      from public.profiles p cross join lateral (select substring(p.username from '[0-9]+$')::int as i) n
      where p.username like ${`lg_${tag}_%`}`;
    await admin`analyze auth.sessions`;
    const team = await creatorTeam();
    const creator: Claims = { sub: team.creator, role: "authenticated", email: "x@example.test" };
    let found = 0;
    const plans = await innerPlans(creator, async (tx) => {
      found = (await listFitCandidates(tx, team.id)).length;
    });
    // The list is full: at this size the query used to sort over a thousand candidates for these 100.
    expect(found).toBe(100);
    const query = plans.filter((p) => p["Query Text"].includes("public.profiles p"));
    expect(query).toHaveLength(1);
    const nodes = plans.flatMap((p) => walk(p.Plan) as RunNode[]);
    expect(
      nodes
        .filter((n) => n["Node Type"] === "Seq Scan")
        .map((n) => n["Relation Name"])
        .filter((r) => [...bigTables, "sessions"].includes(r ?? "")),
    ).toEqual([]);
    // At most 100 candidates per missing leg (three legs) reach a sort.
    for (const sort of nodes.filter((n) => n["Node Type"] === "Sort")) {
      const input = sort.Plans![0]!;
      expect(input["Actual Rows"] * input["Actual Loops"]).toBeLessThanOrEqual(300);
    }
    // auth.sessions is looked up for the returned rows only.
    const sessionLookups = nodes.filter((n) => n["Relation Name"] === "sessions");
    expect(sessionLookups.length).toBeGreaterThan(0);
    for (const n of sessionLookups) expect(n["Actual Loops"]).toBeLessThanOrEqual(100);
    // No security-definer helper per candidate (private.in_a_team once per listed athlete would be ~4,700
    // calls at this size): team_missing_roles once, whatever the number of athletes.
    const calls = await helperCalls(creator, (tx) => listFitCandidates(tx, team.id));
    expect(calls.in_a_team).toBeUndefined();
    expect(total(calls)).toBeLessThanOrEqual(4);
  });
});

describe("policy helpers run once per statement, not once per row", () => {
  it("browse as an athlete reads hundreds of open teams with a handful of helper calls", async () => {
    const [open] = await admin<
      { n: number }[]
    >`select count(*)::int as n from public.teams where status = 'open'`;
    expect(open!.n).toBeGreaterThan(100);
    for (const params of filterSets) {
      const f = parseFilters(params);
      const calls = await helperCalls(me, (tx) =>
        Promise.all([
          listOpenTeams(tx, f, { specialty: "runner" }),
          listAthletes(tx, f, { specialty: "runner" }),
        ]),
      );
      expect({ params, perRow: [calls.is_team_member, calls.is_team_creator] }).toEqual({
        params,
        perRow: [undefined, undefined],
      });
      // A listed athlete's photo is asked for once per card shown (private.visible_photo_path in the select
      // list), so at most a page's worth, whatever the number of athletes.
      const { visible_photo_path: photos = 0, ...rest } = calls;
      expect(photos).toBeLessThanOrEqual(pageSizes.athletes);
      // The rest at most a few per statement (counts, two list parts, athletes), whatever the number of teams.
      expect(total(rest)).toBeLessThanOrEqual(16);
    }
  });

  it("team pages and the dashboard's teams", async () => {
    const [team] = await admin<{ id: string }[]>`
      select team_id as id from public.team_members where profile_id = ${profile.id} limit 1`;
    expect(team).toBeDefined();
    const calls = await helperCalls(me, async (tx) => {
      await findTeamWithMembers(tx, team!.id);
      await listMyTeams(tx, profile.authId, profile.id);
      await myTeams(tx, profile.authId);
    });
    expect([calls.is_team_member, calls.is_team_creator]).toEqual([undefined, undefined]);
    expect(total(calls)).toBeLessThanOrEqual(16);
  });

  it("the conversation list and the unread badge name the caller a fixed number of times", async () => {
    const calls = await helperCalls(me, async (tx) => {
      expect((await listConversations(tx, 50)).length).toBeGreaterThanOrEqual(3);
      await unreadMessageCount(tx);
    });
    // Named once per statement (a per-row call would be about six per conversation listed): the list and the
    // badge's count, and the badge's session chats, whose members function names the caller twice (as host,
    // as one going).
    expect(calls.my_profile_id).toBeLessThanOrEqual(6);
  });

  it("opening a thread and marking it read look up the caller's conversations once per statement", async () => {
    // One of my conversations, given 60 unread messages from the other side: a per-row helper would run
    // at least once per message read and again per message marked.
    const [conversation] = await admin<{ id: string; other: string }[]>`
      select id, case when participant_one_id = ${profile.id} then participant_two_id else participant_one_id end
        as other
      from public.conversations where ${profile.id} in (participant_one_id, participant_two_id) limit 1`;
    const added = await admin`
      insert into public.messages (conversation_id, sender_id, content)
      select ${conversation!.id}, ${conversation!.other}, 'Unread ' || i from generate_series(1, 60) i
      returning id`;
    const [{ n } = { n: 0 }] = await admin<{ n: number }[]>`
      select count(*)::int as n from public.messages where conversation_id = ${conversation!.id}`;
    let marked = 0;
    const calls = await helperCalls(me, async (tx) => {
      expect((await listMessages(tx, conversation!.id)).length).toBe(Math.min(n, 200));
      marked = await markConversationRead(tx, conversation!.id, profile.id);
    });
    expect(marked).toBeGreaterThanOrEqual(added.length);
    // Not one is_participant call per message read, and again per message marked.
    expect(calls.is_participant).toBeUndefined();
    // The read policy's live-session check (private.may_receive_live) adds one call per statement.
    expect(total(calls)).toBeLessThanOrEqual(22);
  });
});

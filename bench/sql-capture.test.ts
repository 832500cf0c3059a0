import { describe, expect, it } from "vitest";
import { parseLog, parseParams, seqScansOn } from "./sql-capture";

const log = [
  "2026-11-23 13:00:00.001 UTC [42] noosa_app LOG:  execute <unnamed>: select set_config('role', case when s.is_user then 'authenticated' else 'anon' end, true),",
  "  set_config('request.jwt.claims', case when s.is_user then $1 else '{}' end, true) from (select $2::boolean) s",
  `2026-11-23 13:00:00.001 UTC [42] noosa_app DETAIL:  Parameters: $1 = '{"sub":"u1","role":"authenticated"}', $2 = 't'`,
  "2026-11-23 13:00:00.002 UTC [42] noosa_app LOG:  execute <unnamed>: select id",
  "  from public.teams where creator_id = $1",
  "2026-11-23 13:00:00.002 UTC [42] noosa_app DETAIL:  Parameters: $1 = 'it''s'",
  "2026-11-23 13:00:00.003 UTC [43] supabase_admin LOG:  statement: select 1 from public.messages",
  "2026-11-23 13:00:00.004 UTC [42] noosa_app LOG:  statement: commit",
].join("\n");

const claimsB64 = Buffer.from('{"sub":"u2","role":"authenticated"}').toString("base64");
const inlineLog = [
  `2026-11-23 13:00:01.001 UTC [44] noosa_app LOG:  execute <unnamed>: select set_config('role', case when s.is_user then 'authenticated' else 'anon' end, true),`,
  `  set_config('request.jwt.claims', case when s.is_user then convert_from(decode('${claimsB64}', 'base64'), 'UTF8') else '{"role":"anon"}' end, true)`,
  `  from (select true and (not true or private.session_is_live(convert_from(decode('${claimsB64}', 'base64'), 'UTF8')::jsonb)) as is_user) s`,
  "2026-11-23 13:00:01.002 UTC [44] noosa_app LOG:  execute <unnamed>: select id from public.profiles where id = $1",
  "2026-11-23 13:00:01.002 UTC [44] noosa_app DETAIL:  Parameters: $1 = 'p1'",
].join("\n");

describe("parseLog", () => {
  it("reads the claims withRls writes into its setup statement (base64)", () => {
    expect(parseLog(inlineLog)).toEqual([
      {
        sql: "select id from public.profiles where id = $1",
        params: ["p1"],
        role: "authenticated",
        claims: '{"sub":"u2","role":"authenticated"}',
      },
    ]);
  });

  it("keeps the app's data statements with their parameters, role and claims", () => {
    expect(parseLog(log)).toEqual([
      {
        sql: "select id\n  from public.teams where creator_id = $1",
        params: ["it's"],
        role: "authenticated",
        claims: '{"sub":"u1","role":"authenticated"}',
      },
    ]);
  });

  it("reads NULL parameters", () => {
    expect(parseParams("Parameters: $1 = NULL, $2 = 'x'")).toEqual([null, "x"]);
  });
});

describe("seqScansOn", () => {
  it("finds sequential scans on large tables anywhere in the plan", () => {
    const plan = [
      {
        Plan: {
          "Node Type": "Nested Loop",
          Plans: [
            { "Node Type": "Seq Scan", "Relation Name": "messages" },
            { "Node Type": "Seq Scan", "Relation Name": "register_interest" },
            { "Node Type": "Index Scan", "Relation Name": "profiles" },
          ],
        },
      },
    ];
    expect(seqScansOn(plan)).toEqual(["messages"]);
  });
});

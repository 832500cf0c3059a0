import { afterAll, describe, expect, it } from "vitest";
import { withRls } from "@/lib/db";
import { explainAll, startCapture, stopCapture } from "./sql-capture";
import { adminSql } from "@/test/fixtures/athletes";

// Runs inside `supabase-local --test` (npm run test:integration).
const admin = adminSql({ max: 1 });
afterAll(() => admin.end());

describe("SQL capture for the benchmark", () => {
  it("captures the app's statements with role, claims and parameters, and explains them", async () => {
    const offset = await startCapture(admin);
    const claims = { sub: "d0000000-0000-4000-8000-000000000001", role: "authenticated" };
    await withRls(claims, (tx) => tx`select id from public.profiles where auth_id = ${claims.sub}`);
    await withRls(null, (tx) => tx`select count(*) from public.teams where description = ${"x"}`);
    const captured = await stopCapture(admin, offset);

    const own = captured.find((c) => c.sql.includes("where auth_id = $1"));
    expect(own).toMatchObject({ role: "authenticated", params: [claims.sub] });
    expect(JSON.parse(own!.claims)).toMatchObject(claims);
    expect(captured.find((c) => c.sql.includes("from public.teams"))).toMatchObject({ role: "anon" });

    // Which plan the small demo tables get depends on their statistics (another test may have analysed
    // them), so only the unindexed filter has a fixed answer: a sequential scan, which must be reported.
    const checks = await explainAll(admin, captured);
    const profileCheck = checks.find((c) => c.sql.includes("where auth_id = $1"))!;
    expect(JSON.stringify(profileCheck.plan)).toContain("profiles");
    const teamsCheck = checks.find((c) => c.sql.includes("from public.teams"))!;
    expect(teamsCheck.seqScans).toEqual(["teams"]);
  });
});

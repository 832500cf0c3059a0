import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withRls } from "@/lib/db";
import { insertProfile } from "@/lib/data/profile-writes";
import { findProfileByAuthId } from "@/lib/data/profiles";
import { adminSql, claimsOf, dropAccounts, makeAthlete } from "@/test/fixtures/athletes";

// The pool prepares its statements on any port but the transaction pooler's (lib/db/prepare.ts), so a
// connection keeps each statement's plan between transactions and users. RLS must still hold per
// transaction. One connection only, so every call below provably reuses the same prepared statements.
const globalForDb = globalThis as unknown as { __appSql?: postgres.Sql };
const admin = adminSql({ max: 1 });
let single: postgres.Sql;

const run = randomUUID().slice(0, 8);
const users = { owner: randomUUID(), other: randomUUID() };

beforeAll(async () => {
  single = postgres(process.env.DATABASE_URL ?? "", { max: 1, prepare: true, onnotice: () => {} });
  globalForDb.__appSql = single;
  for (const id of Object.values(users)) {
    await makeAthlete(admin, { authId: id, profile: false });
  }
  await withRls(claimsOf(users.owner), (tx) =>
    insertProfile(tx, users.owner, {
      username: `prep_${run}`,
      full_name: "Private Athlete",
      location: "Noosaville",
      specialty: "runner",
      experience_level: "intermediate",
      training_preference: "",
      goals: "Stay private",
      bio: "",
      target_times: {},
      availability: { days: [], times: [] },
      achievements: [],
      is_public: false,
      looking_for_team: false,
    }),
  );
});

afterAll(async () => {
  delete globalForDb.__appSql;
  await dropAccounts(admin, Object.values(users));
  await Promise.all([single.end(), admin.end()]);
});

describe("prepared statements under RLS", () => {
  it("the same prepared read answers each viewer as RLS allows, call after call", async () => {
    // More than Postgres' five custom plans, so a generic plan is tried too.
    for (let round = 0; round < 4; round++) {
      const own = await withRls(claimsOf(users.owner), (tx) => findProfileByAuthId(tx, users.owner));
      const someoneElse = await withRls(claimsOf(users.other), (tx) => findProfileByAuthId(tx, users.owner));
      const visitor = await withRls(null, (tx) => findProfileByAuthId(tx, users.owner));
      expect(own?.username, `round ${round}`).toBe(`prep_${run}`);
      expect(someoneElse, `round ${round}`).toBeNull();
      expect(visitor, `round ${round}`).toBeNull();
    }
    const prepared = await withRls(
      null,
      (tx) => tx<{ statement: string }[]>`select statement from pg_prepared_statements`,
    );
    // The read above is one of the connection's prepared statements; the claims setup, whose text
    // differs per token, is not.
    expect(prepared.some((p) => p.statement.includes("from public.profiles"))).toBe(true);
    expect(prepared.some((p) => p.statement.includes("request.jwt.claims"))).toBe(false);
  });
});

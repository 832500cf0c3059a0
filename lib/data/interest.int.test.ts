import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import { isRateLimited, saveInterest } from "./interest";

const admin = postgres(process.env.LOCAL_DB_ADMIN_URL ?? "", { max: 2, onnotice: () => {} });
const run = randomUUID().slice(0, 8);
const user = randomUUID();
const claims: Claims = { sub: user, role: "authenticated", email: `${user}@example.test` };
const email = (label: string) => `${label}-${run}@example.test`;

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

beforeAll(async () => {
  await admin`insert into auth.users (id, email) values (${user}, ${claims.email as string})`;
});
afterAll(async () => {
  await admin`delete from public.interest_registrations where email like ${`%-${run}@example.test`}`;
  await admin`delete from auth.users where id = ${user}`;
  await admin.end();
  await pool().end();
});

describe("register interest", () => {
  it("creates one row per e-mail; a repeat (any letter case) updates it", async () => {
    const first = await withRls(null, (tx) =>
      saveInterest(tx, { name: "Mia", email: email("mia"), specialty: "swimmer" }, `a-${run}`),
    );
    const again = await withRls(null, (tx) =>
      saveInterest(
        tx,
        { name: "Mia Swims", email: email("MIA").toUpperCase(), specialty: "runner" },
        `a-${run}`,
      ),
    );
    expect([first, again]).toEqual(["created", "updated"]);
    const rows =
      await admin`select name, specialty, email from public.interest_registrations where email = ${email("mia")}`;
    expect(rows).toEqual([{ name: "Mia Swims", specialty: "runner", email: email("mia") }]);
  });

  it("is unreadable and unwritable for anon and signed-in users", async () => {
    for (const who of [null, claims]) {
      expect(await codeOf(withRls(who, (tx) => tx`select * from public.interest_registrations`))).toBe(
        "42501",
      );
      expect(
        await codeOf(
          withRls(
            who,
            (tx) => tx`insert into public.interest_registrations (email, name, specialty)
            values (${email("direct")}, 'Direct', 'runner')`,
          ),
        ),
      ).toBe("42501");
      expect(await codeOf(withRls(who, (tx) => tx`delete from public.interest_registrations`))).toBe("42501");
      expect(await codeOf(withRls(who, (tx) => tx`select * from private.interest_attempts`))).toBe("42501");
    }
  });

  it("refuses unsafe names and bad e-mails in SQL too", async () => {
    const bad = [
      { name: "Mia\u202eX", email: email("bidi"), specialty: "runner" },
      { name: "M", email: email("short"), specialty: "runner" },
      { name: "Mia", email: "no-at-sign", specialty: "runner" },
      { name: "Mia", email: email("rower"), specialty: "rower" },
    ];
    for (const input of bad) {
      const code = await codeOf(withRls(null, (tx) => saveInterest(tx, input as never, `b-${run}`)));
      expect(code, input.name + input.email).toBe("23514");
    }
  });

  it("rate-limits one client and one e-mail to 5 writes in 10 minutes", async () => {
    const client = `c-${run}`;
    for (let i = 0; i < 5; i++) {
      await withRls(null, (tx) =>
        saveInterest(tx, { name: "Rate", email: email(`r${i}`), specialty: "cyclist" }, client),
      );
    }
    let error: unknown;
    try {
      await withRls(null, (tx) =>
        saveInterest(tx, { name: "Rate", email: email("r9"), specialty: "cyclist" }, client),
      );
    } catch (e) {
      error = e;
    }
    expect(isRateLimited(error)).toBe(true);
    for (let i = 0; i < 5; i++) {
      await withRls(null, (tx) =>
        saveInterest(tx, { name: "Same", email: email("same"), specialty: "cyclist" }, `d${i}-${run}`),
      );
    }
    expect(
      await codeOf(
        withRls(null, (tx) =>
          saveInterest(tx, { name: "Same", email: email("same"), specialty: "cyclist" }, `e-${run}`),
        ),
      ),
    ).toBe("P0429");
  });
});

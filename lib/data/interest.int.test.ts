import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, withServiceRole, type Tx } from "@/lib/db";
import type { InterestInput } from "@/lib/validation/interest";
import { adminSql, claimsOf, dropAccounts, makeAthlete } from "@/test/fixtures/athletes";
import { confirmInterest, isRateLimited, requestInterest } from "./interest";

// Register interest, double opt-in (docs/security.md#register-interest). Runs inside `supabase-local --test`.

const admin = adminSql();
const run = randomUUID().slice(0, 8);
const user = randomUUID();
const claims = claimsOf(user);
const email = (label: string) => `${label}-${run}@example.test`;
const input = (name: string, label: string, specialty: InterestInput["specialty"] = "runner") => ({
  name,
  email: email(label),
  specialty,
});

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

/** As the server calls it, with the clock moved when `at` is given. */
const request = (values: InterestInput, client = `k-${randomUUID()}`, at?: Date) =>
  withServiceRole((tx: Tx) =>
    at
      ? tx<{ status: string }[]>`
          select private.request_interest(${values.name}, ${values.email}, ${values.specialty}, ${client},
                                          ${at.toISOString()}::timestamptz) as status`.then(
          (r) => r[0]!.status,
        )
      : requestInterest(tx, values, client),
  );

const requestsFor = (address: string) =>
  admin<{ id: string; name: string; specialty: string; confirmed_at: Date | null }[]>`
    select id, name, specialty, confirmed_at from private.interest_requests where email = ${address}
    order by created_at`;
const registrationOf = (address: string) =>
  admin<{ name: string; specialty: string }[]>`
    select name, specialty from public.interest_registrations where email = ${address} and confirmed_at is not null`;
const mailsFor = async (address: string) =>
  (
    await admin<{ n: number }[]>`
      select count(*)::int as n from private.notification_outbox o
      join private.interest_requests q on q.id = o.interest_request_id
      where o.kind = 'interest_confirm' and q.email = ${address}`
  )[0]!.n;

beforeAll(async () => {
  await makeAthlete(admin, { authId: user, profile: false });
});
afterAll(async () => {
  await admin`delete from private.interest_requests where email like ${`%-${run}@example.test`}`;
  await admin`delete from public.interest_registrations where email like ${`%-${run}@example.test`}`;
  await dropAccounts(admin, [user]);
  await admin.end();
  await pool().end();
});

describe("register interest, double opt-in", () => {
  it("is not callable by visitors or signed-in users: only the server (service_role) asks and confirms", async () => {
    for (const who of [null, claims]) {
      const as = (sql: (tx: Tx) => Promise<unknown>) => codeOf(withRls(who, sql));
      expect(
        await as((tx) => tx`select private.request_interest('Mia', ${email("grant")}, 'runner', 'x')`),
      ).toBe("42501");
      expect(await as((tx) => tx`select * from private.confirm_interest(${randomUUID()}::uuid)`)).toBe(
        "42501",
      );
      // The old entry point is gone altogether (it was granted to anon).
      expect(
        await as((tx) => tx`select public.register_interest('Mia', ${email("grant")}, 'runner', 'x')`),
      ).toBe("42883");
      for (const table of ["public.interest_registrations", "private.interest_requests"]) {
        expect(await as((tx) => tx.unsafe(`select * from ${table}`))).toBe("42501");
      }
      expect(
        await as(
          (tx) => tx`insert into public.interest_registrations (email, name, specialty, confirmed_at)
                     values (${email("direct")}, 'Direct', 'runner', now())`,
        ),
      ).toBe("42501");
    }
    const [grants] = await admin<{ anon: boolean; authed: boolean }[]>`
      select has_function_privilege('anon', 'private.request_interest(text, text, text, text, timestamptz)', 'execute') as anon,
             has_function_privilege('authenticated', 'private.confirm_interest(uuid, timestamptz)', 'execute') as authed`;
    expect(grants).toEqual({ anon: false, authed: false });
  });

  it("counts an entry only once its owner confirms, with the details of that request", async () => {
    const address = email("mia");
    expect(await request(input("Mia", "mia", "swimmer"))).toBe("sent");
    expect(await registrationOf(address)).toEqual([]);
    expect(await mailsFor(address)).toBe(1);

    const [pending] = await requestsFor(address);
    const confirmed = await withServiceRole((tx) => confirmInterest(tx, pending!.id));
    expect(confirmed).toEqual({ status: "confirmed", name: "Mia", specialty: "swimmer" });
    expect(await registrationOf(address)).toEqual([{ name: "Mia", specialty: "swimmer" }]);
    // A second press changes nothing and answers the same.
    expect(await withServiceRole((tx) => confirmInterest(tx, pending!.id))).toEqual(confirmed);
    expect(await registrationOf(address)).toEqual([{ name: "Mia", specialty: "swimmer" }]);
  });

  it("never lets someone else's typing overwrite an entry, and sends one e-mail per address an hour", async () => {
    const address = email("owner");
    const start = new Date(Date.now() - 3 * 60 * 60 * 1000);
    expect(await request(input("Owner", "owner", "cyclist"), undefined, start)).toBe("sent");
    const [own] = await requestsFor(address);
    await withServiceRole((tx) => confirmInterest(tx, own!.id));

    // A stranger types the same address (any letter case), again and again within the hour: no new mail,
    // no new request, nothing changed.
    const soon = new Date(start.getTime() + 10 * 60 * 1000);
    for (const name of ["Intruder", "Someone Else"]) {
      const attempt = { name, email: address.toUpperCase(), specialty: "runner" as const };
      expect(await request(attempt, undefined, soon)).toBe("pending");
    }
    expect(await mailsFor(address)).toBe(1);
    expect(await requestsFor(address)).toHaveLength(1);
    expect(await registrationOf(address)).toEqual([{ name: "Owner", specialty: "cyclist" }]);

    // An hour later a new request may be made (one more e-mail), but it changes nothing until the owner of
    // the address presses its link; the registration keeps the owner's details.
    const later = new Date(start.getTime() + 61 * 60 * 1000);
    expect(await request(input("Intruder", "owner", "runner"), undefined, later)).toBe("sent");
    expect(await mailsFor(address)).toBe(2);
    expect(await registrationOf(address)).toEqual([{ name: "Owner", specialty: "cyclist" }]);
  });

  it("expires an unconfirmed request after 48 hours: its link stops working and the row is purged", async () => {
    const address = email("late");
    const made = new Date(Date.now() - 49 * 60 * 60 * 1000);
    expect(await request(input("Late", "late"), undefined, made)).toBe("sent");
    const [old] = await requestsFor(address);
    expect(await withServiceRole((tx) => confirmInterest(tx, old!.id))).toMatchObject({ status: "expired" });
    expect(await registrationOf(address)).toEqual([]);

    // Any later submission purges expired requests (and their queued e-mails, by cascade).
    await request(input("Other", "purge"));
    expect(await requestsFor(address)).toEqual([]);
    expect(await mailsFor(address)).toBe(0);
    // A request replaced by a newer one for the address no longer confirms either.
    const address2 = email("replaced");
    await request(input("First", "replaced"), undefined, new Date(Date.now() - 2 * 60 * 60 * 1000));
    const [first] = await requestsFor(address2);
    await request(input("Second", "replaced"));
    expect(await withServiceRole((tx) => confirmInterest(tx, first!.id))).toMatchObject({
      status: "expired",
    });
  });

  it("refuses unsafe names and bad e-mails in SQL too, writing nothing", async () => {
    const bad = [
      { name: "Mia\u202eX", email: email("bidi"), specialty: "runner" },
      { name: "M", email: email("short"), specialty: "runner" },
      { name: "Mia", email: "no-at-sign", specialty: "runner" },
      { name: "Mia", email: email("rower"), specialty: "rower" },
    ];
    for (const values of bad) {
      expect(await codeOf(request(values as never)), values.name + values.email).toBe("23514");
      expect(await requestsFor(values.email)).toEqual([]);
    }
  });

  it("rate-limits one client and one e-mail to 5 submissions in 10 minutes", async () => {
    const client = `c-${run}`;
    for (let i = 0; i < 5; i++) await request(input("Rate", `r${i}`, "cyclist"), client);
    let error: unknown;
    try {
      await request(input("Rate", "r9", "cyclist"), client);
    } catch (e) {
      error = e;
    }
    expect(isRateLimited(error)).toBe(true);
    for (let i = 0; i < 5; i++) await request(input("Same", "same", "cyclist"), `d${i}-${run}`);
    expect(await codeOf(request(input("Same", "same", "cyclist"), `e-${run}`))).toBe("P0429");
    expect(await mailsFor(email("same"))).toBe(1);
  });

  it("bounds a flood of made-up addresses from many clients: 200 requests an hour in all, none counted", async () => {
    // A quiet hour of its own, far from the other tests' clock.
    const hour = new Date("2001-03-04T05:00:00Z").getTime();
    const results = [];
    for (let i = 0; i < 201; i++) {
      const at = new Date(hour + i * 1000);
      results.push(
        await codeOf(request(input("Flood", `flood${i}`), `flood-client-${i}-${run}`, at)).then(
          (code) => code ?? "ok",
        ),
      );
    }
    expect(results.filter((r) => r === "ok")).toHaveLength(200);
    expect(results.at(-1)).toBe("P0429");
    const [counted] = await admin<{ n: number }[]>`
      select count(*)::int as n from public.interest_registrations where email like ${`flood%-${run}@example.test`}`;
    expect(counted!.n).toBe(0);
  });
});

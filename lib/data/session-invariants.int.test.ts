import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls } from "@/lib/db";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import {
  acceptOffer,
  callWeather,
  createSession,
  declineOffer,
  leaveSession,
  setPlaces,
  takePlace,
} from "./session-writes";
import { teamRuleMessage } from "./team-writes";

// The places rules as invariants over one occurrence, after random sequences of what people do (take a
// place, leave, accept or decline an offer, the host's places and weather calls, a block, time passing into
// the last-minute window and past an offer's expiry), run through the same functions the app calls:
//   1. the counts agree with the rows: going_count = athletes going, held_count = held offers, and
//      going + held <= places;
//   2. a free place never sits idle: before the window nobody waits while a place is free; inside it, every
//      athlete waiting is offered it;
//   3. an open offer exists only while a place is free inside the window; a cancelled or started occurrence
//      has no offer at all;
//   4. a late cancellation is a cancellation.
// Bounded (a few dozen short sequences) so it runs in seconds.
const admin = adminSql();
const run = randomUUID().slice(0, 8);
let host: Athlete;
const athletes: Athlete[] = [];

beforeAll(async () => {
  host = await makeAthlete(admin, { email: `ihost-${run}@example.test`, isPublic: true, avatar: false });
  for (let i = 0; i < 6; i++)
    athletes.push(
      await makeAthlete(admin, { email: `i${i}-${run}@example.test`, isPublic: true, avatar: false }),
    );
});
afterAll(async () => {
  await dropAthletes(admin, [host, ...athletes]);
  await admin.end();
  await pool().end();
});

const who = fc.nat(5);
const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ k: fc.constant("take" as const), a: who }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("leave" as const), a: who }) },
  // Accept and decline by one of those offered (the nth, round the list), or a random athlete.
  { weight: 3, arbitrary: fc.record({ k: fc.constant("accept" as const), n: fc.nat(5) }) },
  fc.record({ k: fc.constant("accept" as const), a: who }),
  fc.record({ k: fc.constant("decline" as const), n: fc.nat(5) }),
  fc.record({ k: fc.constant("places" as const), n: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ k: fc.constant("block" as const), a: who }),
  fc.record({
    k: fc.constant("weather" as const),
    call: fc.constantFrom("on" as const, "cancelled" as const),
  }),
  // Time: the start comes within the window (1 hour away), or an offer's two hours pass.
  fc.record({ k: fc.constant("window" as const) }),
  fc.record({ k: fc.constant("expire" as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function apply(o: Op, occ: string) {
  let p = "a" in o ? athletes[o.a]! : host;
  if ("n" in o && (o.k === "accept" || o.k === "decline")) {
    const offered = await admin<{ profile_id: string }[]>`
      select profile_id from public.session_rsvps where occurrence_id = ${occ} and state = 'offered'
      order by waitlisted_at, id`;
    if (offered.length === 0) return;
    const id = offered[o.n % offered.length]!.profile_id;
    p = athletes.find((x) => x.profileId === id)!;
  }
  try {
    switch (o.k) {
      case "take":
        await withRls(p.claims, (tx) => takePlace(tx, occ));
        break;
      case "leave":
        await withRls(p.claims, (tx) => leaveSession(tx, occ));
        break;
      case "accept":
        await withRls(p.claims, (tx) => acceptOffer(tx, occ));
        break;
      case "decline":
        await withRls(p.claims, (tx) => declineOffer(tx, occ));
        break;
      case "places":
        await withRls(host.claims, (tx) => setPlaces(tx, occ, o.n));
        break;
      case "block":
        await withRls(host.claims, (tx) => tx`select public.block_athlete(${p.profileId})`);
        await withRls(host.claims, (tx) => tx`select public.unblock_athlete(${p.profileId})`);
        break;
      case "weather":
        await withRls(host.claims, (tx) => callWeather(tx, occ, o.call));
        break;
      case "window":
        await admin`update public.session_occurrences set starts_at = now() + interval '1 hour' where id = ${occ}`;
        await admin`select private.run_session_schedule()`;
        break;
      case "expire":
        await admin`update public.session_rsvps set offer_expires_at = now() - interval '1 second'
                    where occurrence_id = ${occ} and state = 'offered' and offer_kind = 'head'`;
        await admin`select private.run_session_schedule()`;
        break;
    }
  } catch (error) {
    if (!teamRuleMessage(error)) throw error;
  }
}

async function check(occ: string, step: string) {
  const [o] = await admin<
    { places: number; going: number; held: number; status: string; started: boolean; in_window: boolean }[]
  >`
    select o.places, o.going_count as going, o.held_count as held, o.status, o.starts_at <= now() as started,
           now() >= o.starts_at - make_interval(hours => s.last_minute_hours) as in_window
    from public.session_occurrences o join public.training_sessions s on s.id = o.session_id where o.id = ${occ}`;
  const rows = await admin<{ state: string; offer_kind: string | null; late_cancel: boolean }[]>`
    select state, offer_kind, late_cancel from public.session_rsvps where occurrence_id = ${occ}`;
  const n = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
  const going = n((r) => r.state === "going");
  const held = n((r) => r.state === "offered" && r.offer_kind === "head");
  const open = n((r) => r.state === "offered" && r.offer_kind === "open");
  const waitlisted = n((r) => r.state === "waitlisted");
  const free = o!.places - going - held;
  const live = o!.status === "scheduled" && !o!.started;
  // 1.
  expect({ step, going: o!.going, held: o!.held }).toEqual({ step, going, held });
  expect(going + held).toBeLessThanOrEqual(o!.places);
  // 2.
  if (live && free > 0) expect({ step, waitlisted }).toEqual({ step, waitlisted: 0 });
  // 3.
  if (!live) expect({ step, offers: held + open }).toEqual({ step, offers: 0 });
  if (open > 0)
    expect({ step, free: free > 0, window: o!.in_window }).toEqual({ step, free: true, window: true });
  // 4.
  expect(rows.filter((r) => r.late_cancel && r.state !== "cancelled")).toEqual([]);
}

describe("the session places invariants", () => {
  it("hold after any sequence of takes, leaves, offers, place changes, weather calls, blocks and time", async () => {
    const day = (
      await admin<{ d: string }[]>`select ((now() at time zone 'Australia/Brisbane')::date + 2)::text as d`
    )[0]!.d;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.array(op, { minLength: 1, maxLength: 16 }),
        async (places, ops) => {
          await admin`update public.training_sessions set status = 'cancelled' where host_id = ${host.profileId}`;
          const { occurrence_id: occ } = await withRls(host.claims, (tx) =>
            createSession(tx, {
              title: `Invariant swim ${run}`,
              sport: "swim",
              meeting_point: "noosa_aquatic_centre",
              duration_minutes: 45,
              level: "all",
              places,
              first_day: day,
              local_time: "06:00",
            }),
          );
          for (const [i, o] of ops.entries()) {
            await apply(o, occ);
            await check(occ, `${i}:${o.k}`);
          }
        },
      ),
      { numRuns: 30, seed: Number(process.env.SESSION_SEED ?? Date.now() % 2_147_483_647) },
    );
  }, 120_000);
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pool, withRls, type Tx } from "@/lib/db";
import { suspendedMessage } from "@/lib/moderation/suspension";
import {
  adminSql,
  dropAthletes,
  makeAthlete,
  makeTeam,
  addMember,
  type Athlete,
} from "@/test/fixtures/athletes";
import {
  acceptOffer,
  callWeather,
  cancelOccurrence,
  cancelSession,
  createSession,
  declineOffer,
  leaveSession,
  markAttendance,
  moveOccurrence,
  setPlaces,
  takePlace,
  type SessionInput,
} from "./session-writes";
import { fileReport, moderate } from "./reports";
import { readSessionOccurrence } from "./sessions";
import { teamRuleMessage } from "./team-writes";

// Training sessions against the database: every state change of an RSVP and an occurrence, through the SQL
// functions the app calls (supabase/migrations/*_training_sessions.sql), with the counts and the outbox
// checked against the rows after each.
const admin = adminSql({ max: 4 });
const run = randomUUID().slice(0, 8);
const made: Athlete[] = [];
let host: Athlete;
const a: Athlete[] = [];

async function person(label: string, extra: Parameters<typeof makeAthlete>[1] = {}): Promise<Athlete> {
  const p = await makeAthlete(admin, {
    email: `${label}-${run}@example.test`,
    name: `${label[0]!.toUpperCase()}${label.slice(1)} Sessions`,
    isPublic: true,
    emailConfirmed: true,
    avatar: false,
    ...extra,
  });
  made.push(p);
  return p;
}

beforeAll(async () => {
  host = await person("host");
  for (let i = 0; i < 6; i++) a.push(await person(`athlete${i}`));
});
// A host may run 20 sessions at a time: each test starts with the host's earlier ones stopped.
beforeEach(async () => {
  await admin`update public.training_sessions set status = 'cancelled' where host_id = ${host.profileId}`;
});
afterAll(async () => {
  await dropAthletes(admin, made);
  await admin.end();
  await pool().end();
});

const as = <T>(who: Athlete | null, fn: (tx: Tx) => Promise<T>) => withRls(who?.claims ?? null, fn);

async function failure(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return teamRuleMessage(error) ?? (error as { code?: string }).code;
  }
}

/** "YYYY-MM-DD" in Noosa, `days` from today. */
async function noosaDay(days: number): Promise<string> {
  const [row] = await admin<{ d: string }[]>`
    select ((now() at time zone 'Australia/Brisbane')::date + ${days}::int)::text as d`;
  return row!.d;
}

const input = async (over: Partial<SessionInput> = {}): Promise<SessionInput> => ({
  title: `Dawn swim ${run}`,
  sport: "open_water_swim",
  meeting_point: "noosa_main_beach",
  meeting_note: "Look for the blue flag",
  duration_minutes: 60,
  level: "all",
  places: 2,
  first_day: await noosaDay(3),
  local_time: "06:00",
  last_minute_hours: 3,
  late_cancel_hours: 12,
  ...over,
});

/** A one-off session by the host; its occurrence id. Optionally moved to start `hours` from now. */
async function post(over: Partial<SessionInput> = {}, hours?: number): Promise<string> {
  const { occurrence_id } = await as(host, async (tx) => createSession(tx, await input(over)));
  if (hours !== undefined) await startsIn(occurrence_id, hours);
  return occurrence_id;
}

const startsIn = (occ: string, hours: number) =>
  admin`update public.session_occurrences set starts_at = now() + make_interval(hours => ${hours}) where id = ${occ}`;

type Row = { profile_id: string; state: string; offer_kind: string | null; late_cancel: boolean };
const rsvps = (occ: string) =>
  admin<Row[]>`select profile_id, state, offer_kind, late_cancel from public.session_rsvps
               where occurrence_id = ${occ} order by waitlisted_at nulls first, created_at`;
const stateOf = async (occ: string, who: Athlete) =>
  (await rsvps(occ)).find((r) => r.profile_id === who.profileId)?.state;

/** The counts, and that they agree with the rows. */
async function counts(occ: string) {
  const [o] = await admin<{ places: number; going: number; held: number }[]>`
    select places, going_count as going, held_count as held from public.session_occurrences where id = ${occ}`;
  const rows = await rsvps(occ);
  expect(o!.going).toBe(rows.filter((r) => r.state === "going").length);
  expect(o!.held).toBe(rows.filter((r) => r.state === "offered" && r.offer_kind === "head").length);
  expect(o!.going + o!.held).toBeLessThanOrEqual(o!.places);
  return o!;
}

const outbox = (occ: string, kind: string) =>
  admin<{ recipient_id: string; detail: string | null }[]>`
    select recipient_id, detail from private.notification_outbox
    where session_occurrence_id = ${occ} and kind = ${kind} order by id`;

const schedule = (at: string) =>
  admin<{ r: Record<string, number> }[]>`select private.run_session_schedule(${at}::timestamptz) as r`;

describe("posting a session", () => {
  it("makes one occurrence at the local time in Noosa, and refuses bad input with words, writing nothing", async () => {
    const occ = await post();
    const [o] = await admin<{ local: string }[]>`
      select to_char(starts_at at time zone 'Australia/Brisbane', 'HH24:MI') as local
      from public.session_occurrences where id = ${occ}`;
    expect(o!.local).toBe("06:00");

    const before = await admin`select id from public.training_sessions where host_id = ${host.profileId}`;
    expect(await failure(as(host, async (tx) => createSession(tx, await input({ places: 0 }))))).toBe(
      "Some of the session's details are not valid: check the form",
    );
    expect(
      await failure(as(host, async (tx) => createSession(tx, await input({ meeting_point: "bondi" })))),
    ).toBe("Some of the session's details are not valid: check the form");
    expect(
      await failure(
        as(host, async (tx) => createSession(tx, await input({ first_day: await noosaDay(-1) }))),
      ),
    ).toBe("The first day can't be in the past");
    const after = await admin`select id from public.training_sessions where host_id = ${host.profileId}`;
    expect(after.length).toBe(before.length);
  });

  it("a second press with the form's id makes no second session", async () => {
    const id = randomUUID();
    const one = await as(host, async (tx) => createSession(tx, await input({ id })));
    const two = await as(host, async (tx) => createSession(tx, await input({ id })));
    expect(two).toEqual(one);
    const rows = await admin`select 1 from public.training_sessions where id = ${id}`;
    expect(rows.length).toBe(1);
  });

  it("a weekly series makes its days, by count and by until, at the same wall-clock time", async () => {
    const first = await noosaDay(1);
    const { session_id } = await as(host, async (tx) =>
      createSession(
        tx,
        await input({ first_day: first, repeat_days: [2, 4, 6], repeat_count: 5, local_time: "05:30" }),
      ),
    );
    const occ = await admin<{ dow: number; local: string }[]>`
      select extract(isodow from starts_at at time zone 'Australia/Brisbane')::int as dow,
             to_char(starts_at at time zone 'Australia/Brisbane', 'HH24:MI') as local
      from public.session_occurrences where session_id = ${session_id} order by starts_at`;
    expect(occ.length).toBe(5);
    for (const o of occ) {
      expect([2, 4, 6]).toContain(o.dow);
      expect(o.local).toBe("05:30");
    }
    // Until a day three weeks on: the Saturdays up to it.
    const until = await noosaDay(21);
    const series = await as(host, async (tx) =>
      createSession(tx, await input({ first_day: first, repeat_days: [6], repeat_until: until })),
    );
    const sat = await admin<{ n: number }[]>`
      select count(*)::int as n from public.session_occurrences where session_id = ${series.session_id}`;
    const [expected] = await admin<{ n: number }[]>`
      select count(*)::int as n from generate_series(${first}::date, ${until}::date, interval '1 day') d
      where extract(isodow from d) = 6`;
    expect(sat[0]!.n).toBe(expected!.n);
    // The scheduler extends an ongoing series as the horizon moves, and never twice.
    const ongoing = await as(host, async (tx) =>
      createSession(tx, await input({ first_day: first, repeat_days: [1] })),
    );
    const n0 = (
      await admin`select 1 from public.session_occurrences where session_id = ${ongoing.session_id}`
    ).length;
    expect(n0).toBeGreaterThanOrEqual(8);
    await schedule(new Date(Date.now() + 14 * 86_400_000).toISOString());
    await schedule(new Date(Date.now() + 14 * 86_400_000).toISOString());
    const n1 = (
      await admin`select 1 from public.session_occurrences where session_id = ${ongoing.session_id}`
    ).length;
    expect(n1).toBe(n0 + 2);
    await as(host, (tx) => cancelSession(tx, ongoing.session_id));
    await as(host, (tx) => cancelSession(tx, series.session_id));
    await as(host, (tx) => cancelSession(tx, session_id));
  });

  it("a team-only session is seen and joined by the team's active members only", async () => {
    const boss = await person("teamboss");
    const member = await person("teammember");
    const teamId = await makeTeam(admin, boss);
    await addMember(admin, teamId, member, "swimmer", "active");
    expect(
      await failure(
        as(host, async (tx) => createSession(tx, await input({ team_id: teamId, who_may_join: "team" }))),
      ),
    ).toBe("Only the team's members can post a session for it");
    const { occurrence_id } = await as(boss, async (tx) =>
      createSession(tx, await input({ team_id: teamId, who_may_join: "team" })),
    );
    expect(await as(member, (tx) => takePlace(tx, occurrence_id))).toBe("going");
    expect(await failure(as(a[0]!, (tx) => takePlace(tx, occurrence_id)))).toBe("Session not found");
    const seen = await as(
      null,
      (tx) => tx`select id from public.session_occurrences where id = ${occurrence_id}`,
    );
    expect(seen.length).toBe(0);
  });
});

describe("places and the waitlist", () => {
  it("take a place until full, then the waitlist; a repeat changes nothing", async () => {
    const occ = await post({ places: 2 });
    expect(await as(a[0]!, (tx) => takePlace(tx, occ))).toBe("going");
    expect(await as(a[0]!, (tx) => takePlace(tx, occ))).toBe("going");
    expect(await as(a[1]!, (tx) => takePlace(tx, occ))).toBe("going");
    expect(await as(a[2]!, (tx) => takePlace(tx, occ))).toBe("waitlisted");
    expect(await as(a[2]!, (tx) => takePlace(tx, occ))).toBe("waitlisted");
    expect(await counts(occ)).toMatchObject({ going: 2, held: 0 });
    expect(await failure(as(host, (tx) => takePlace(tx, occ)))).toBe("You're hosting this session");
  });

  it("before the window: a freed place is held for the head of the queue, who accepts; nobody jumps the queue", async () => {
    const occ = await post({ places: 1 });
    await as(a[0]!, (tx) => takePlace(tx, occ));
    await as(a[1]!, (tx) => takePlace(tx, occ));
    await as(a[2]!, (tx) => takePlace(tx, occ));
    expect(await as(a[0]!, (tx) => leaveSession(tx, occ))).toBe("cancelled");
    expect(await stateOf(occ, a[1]!)).toBe("offered");
    expect(await stateOf(occ, a[2]!)).toBe("waitlisted");
    expect(await counts(occ)).toMatchObject({ going: 0, held: 1 });
    expect((await outbox(occ, "session_offer")).map((o) => [o.recipient_id, o.detail])).toEqual([
      [a[1]!.profileId, "head"],
    ]);
    // A newcomer waits behind the queue.
    expect(await as(a[3]!, (tx) => takePlace(tx, occ))).toBe("waitlisted");
    // Only the one offered can accept.
    expect(await as(a[2]!, (tx) => acceptOffer(tx, occ))).toBe("taken");
    expect(await stateOf(occ, a[2]!)).toBe("waitlisted");
    expect(await failure(as(a[5]!, (tx) => acceptOffer(tx, occ)))).toBe(
      "No place is offered to you for this session",
    );
    expect(await as(a[1]!, (tx) => acceptOffer(tx, occ))).toBe("going");
    expect(await as(a[1]!, (tx) => acceptOffer(tx, occ))).toBe("going");
    expect(await counts(occ)).toMatchObject({ going: 1, held: 0 });
    const [late] = await admin<{ late_cancel: boolean }[]>`
      select late_cancel from public.session_rsvps where occurrence_id = ${occ} and profile_id = ${a[0]!.profileId}`;
    expect(late!.late_cancel).toBe(false);
  });

  it("declining an offer passes it to the next; an offer left to expire counts as declined", async () => {
    const occ = await post({ places: 1 });
    for (const p of a.slice(0, 4)) await as(p, (tx) => takePlace(tx, occ));
    await as(a[0]!, (tx) => leaveSession(tx, occ));
    expect(await as(a[1]!, (tx) => declineOffer(tx, occ))).toBe("declined");
    expect(await stateOf(occ, a[2]!)).toBe("offered");
    await counts(occ);
    // The offer's two hours pass (the session is three days away, long before its window).
    const r = await schedule(new Date(Date.now() + 2.5 * 3600_000).toISOString());
    expect(r[0]!.r.offers_expired).toBeGreaterThanOrEqual(1);
    expect(await stateOf(occ, a[2]!)).toBe("declined");
    expect(await stateOf(occ, a[3]!)).toBe("offered");
    expect(await counts(occ)).toMatchObject({ going: 0, held: 1 });
    // Accepting after the expiry says so (the scheduler had not run yet).
    await admin`update public.session_rsvps set offer_expires_at = now() - interval '1 second'
                where occurrence_id = ${occ} and profile_id = ${a[3]!.profileId}`;
    expect(await as(a[3]!, (tx) => acceptOffer(tx, occ))).toBe("expired");
    expect(await counts(occ)).toMatchObject({ going: 0, held: 0 });
  });

  it("inside the last-minute window the whole waitlist is offered at once and the first tap wins", async () => {
    const occ = await post({ places: 1 }, 2);
    for (const p of a.slice(0, 4)) await as(p, (tx) => takePlace(tx, occ));
    await as(a[0]!, (tx) => leaveSession(tx, occ));
    const rows = await rsvps(occ);
    expect(rows.filter((r) => r.state === "offered" && r.offer_kind === "open").length).toBe(3);
    expect(await counts(occ)).toMatchObject({ going: 0, held: 0 });
    expect((await outbox(occ, "session_offer")).map((o) => o.detail)).toEqual(["open", "open", "open"]);
    // Leaving inside the cut-off is a late cancellation.
    const [late] = await admin<{ late_cancel: boolean }[]>`
      select late_cancel from public.session_rsvps where occurrence_id = ${occ} and profile_id = ${a[0]!.profileId}`;
    expect(late!.late_cancel).toBe(true);
    expect(await as(a[3]!, (tx) => acceptOffer(tx, occ))).toBe("going");
    expect(await as(a[1]!, (tx) => acceptOffer(tx, occ))).toBe("taken");
    expect(await stateOf(occ, a[1]!)).toBe("waitlisted");
    expect(await stateOf(occ, a[2]!)).toBe("waitlisted");
    expect(await counts(occ)).toMatchObject({ going: 1, held: 0 });
    // A newcomer while a place is open in the window is offered it too.
    await as(a[3]!, (tx) => leaveSession(tx, occ));
    expect(await as(a[4]!, (tx) => takePlace(tx, occ))).toBe("offered");
  });

  it("a held offer still open when the window opens goes back to the queue, and the place to everyone", async () => {
    const occ = await post({ places: 1 }, 10);
    for (const p of a.slice(0, 3)) await as(p, (tx) => takePlace(tx, occ));
    await as(a[0]!, (tx) => leaveSession(tx, occ));
    expect(await stateOf(occ, a[1]!)).toBe("offered");
    // Seven and a half hours later the window (3 hours before the start) is open.
    await schedule(new Date(Date.now() + 7.5 * 3600_000).toISOString());
    const rows = await rsvps(occ);
    expect(rows.filter((r) => r.state === "offered").map((r) => [r.profile_id, r.offer_kind])).toEqual([
      [a[1]!.profileId, "open"],
      [a[2]!.profileId, "open"],
    ]);
    expect(await counts(occ)).toMatchObject({ going: 0, held: 0 });
  });

  it("more places are offered from the queue; fewer never remove anyone going", async () => {
    const occ = await post({ places: 1 });
    for (const p of a.slice(0, 4)) await as(p, (tx) => takePlace(tx, occ));
    await as(host, (tx) => setPlaces(tx, occ, 3));
    expect((await rsvps(occ)).map((r) => r.state)).toEqual(["going", "offered", "offered", "waitlisted"]);
    expect(await counts(occ)).toMatchObject({ places: 3, going: 1, held: 2 });
    await as(a[1]!, (tx) => acceptOffer(tx, occ));
    expect(await failure(as(host, (tx) => setPlaces(tx, occ, 1)))).toBe(
      "2 athletes are going: places can't go below that",
    );
    // Down to the two going: the open offer goes back to the queue.
    await as(host, (tx) => setPlaces(tx, occ, 2));
    expect(await stateOf(occ, a[2]!)).toBe("waitlisted");
    expect(await counts(occ)).toMatchObject({ places: 2, going: 2, held: 0 });
    expect(await failure(as(a[0]!, (tx) => setPlaces(tx, occ, 5)))).toBe(
      "Forbidden: only the host can change this session",
    );
  });
});

describe("the weather call, cancellations and the past", () => {
  it("on, moved and cancelled each tell everyone going or waiting, once", async () => {
    const occ = await post({ places: 1 });
    await as(a[0]!, (tx) => takePlace(tx, occ));
    await as(a[1]!, (tx) => takePlace(tx, occ));
    await as(a[2]!, (tx) => takePlace(tx, occ));
    await as(a[2]!, (tx) => leaveSession(tx, occ));
    const told = async () =>
      (await outbox(occ, "session_change")).map((o) => [o.recipient_id, JSON.parse(o.detail!).what]);
    await as(host, (tx) => callWeather(tx, occ, "on"));
    await as(host, (tx) => callWeather(tx, occ, "on"));
    expect(await told()).toEqual([
      [a[0]!.profileId, "on"],
      [a[1]!.profileId, "on"],
    ]);
    const later = new Date(Date.now() + 4 * 86_400_000).toISOString();
    await as(host, (tx) =>
      callWeather(tx, occ, "moved", { startsAt: later, meetingPoint: "noosa_aquatic_centre" }),
    );
    const [o] = await admin<{ weather_call: string; meeting_point: string; sequence: number }[]>`
      select weather_call, meeting_point, sequence from public.session_occurrences where id = ${occ}`;
    expect(o).toMatchObject({ weather_call: "moved", meeting_point: "noosa_aquatic_centre", sequence: 1 });
    expect((await told()).slice(2).map(([, w]) => w)).toEqual(["moved", "moved"]);
    await as(host, (tx) => callWeather(tx, occ, "cancelled"));
    await as(host, (tx) => callWeather(tx, occ, "cancelled"));
    const notices = await outbox(occ, "session_change");
    expect(notices.slice(4).map((n) => JSON.parse(n.detail!))).toMatchObject([
      { what: "cancelled", reason: "weather" },
      { what: "cancelled", reason: "weather" },
    ]);
  });

  it("the host's move form: a Noosa day and time, another spot; nothing changed tells nobody; others and the past are refused", async () => {
    const occ = await post();
    await as(a[0]!, (tx) => takePlace(tx, occ));
    const day = await noosaDay(5);
    const yesterday = await noosaDay(-1);
    const move = {
      day,
      time: "17:30",
      meetingPoint: "noosa_woods",
      meetingNote: "By the kiosk",
      weather: false,
    };
    expect(await as(host, (tx) => moveOccurrence(tx, occ, move))).toBe("moved");
    const [o] = await admin<
      { at: string; meeting_point: string; meeting_note: string; weather_call: string | null }[]
    >`
      select to_char(starts_at at time zone 'Australia/Brisbane', 'YYYY-MM-DD HH24:MI') as at, meeting_point,
             meeting_note, weather_call from public.session_occurrences where id = ${occ}`;
    expect(o).toEqual({
      at: `${day} 17:30`,
      meeting_point: "noosa_woods",
      meeting_note: "By the kiosk",
      weather_call: null,
    });
    const told = async () => (await outbox(occ, "session_change")).map((n) => JSON.parse(n.detail!));
    expect(await told()).toMatchObject([{ what: "moved" }]);
    // The same again changes nothing and tells nobody; as the weather call it asks for a change.
    expect(await as(host, (tx) => moveOccurrence(tx, occ, move))).toBe("unchanged");
    expect(await failure(as(host, (tx) => moveOccurrence(tx, occ, { ...move, weather: true })))).toBe(
      "Give the new time or place, or call it on",
    );
    expect(await told()).toHaveLength(1);
    expect(await as(host, (tx) => moveOccurrence(tx, occ, { ...move, time: "06:00", weather: true }))).toBe(
      "moved",
    );
    expect((await told()).at(-1)).toMatchObject({ what: "moved", reason: "weather" });
    expect(
      await failure(as(a[0]!, (tx) => moveOccurrence(tx, occ, { ...move, time: "07:00" }))),
    ).toBeTruthy();
    expect(await failure(as(host, (tx) => moveOccurrence(tx, occ, { ...move, day: yesterday })))).toBe(
      "The new start must be in the future",
    );
  });

  it("a cancelled occurrence is never offered, and cannot be joined", async () => {
    const occ = await post({ places: 1 });
    await as(a[0]!, (tx) => takePlace(tx, occ));
    await as(a[1]!, (tx) => takePlace(tx, occ));
    await as(host, (tx) => cancelOccurrence(tx, occ));
    await as(a[0]!, (tx) => leaveSession(tx, occ));
    expect(await stateOf(occ, a[1]!)).toBe("waitlisted");
    expect(await outbox(occ, "session_offer")).toEqual([]);
    expect(await failure(as(a[2]!, (tx) => takePlace(tx, occ)))).toBe("This session is cancelled");
  });

  it("a started occurrence is never offered: the scheduler withdraws its offers; nobody joins or leaves it", async () => {
    const occ = await post({ places: 1 }, 1);
    for (const p of a.slice(0, 3)) await as(p, (tx) => takePlace(tx, occ));
    await as(a[0]!, (tx) => leaveSession(tx, occ));
    expect(await stateOf(occ, a[1]!)).toBe("offered");
    await admin`update public.session_occurrences set starts_at = now() - interval '1 minute' where id = ${occ}`;
    await schedule(new Date().toISOString());
    expect((await rsvps(occ)).filter((r) => r.state === "offered")).toEqual([]);
    expect(await failure(as(a[3]!, (tx) => takePlace(tx, occ)))).toBe("This session has already started");
    expect(await failure(as(a[1]!, (tx) => acceptOffer(tx, occ)))).toBe("This session has already started");
  });

  it("after the start the host marks who came", async () => {
    const occ = await post({ places: 2 });
    await as(a[0]!, (tx) => takePlace(tx, occ));
    await as(a[1]!, (tx) => takePlace(tx, occ));
    const [r0] = await admin<{ id: string }[]>`
      select id from public.session_rsvps where occurrence_id = ${occ} and profile_id = ${a[0]!.profileId}`;
    expect(await failure(as(host, (tx) => markAttendance(tx, r0!.id, true)))).toBe(
      "Attendance is marked once the session has started",
    );
    await admin`update public.session_occurrences set starts_at = now() - interval '2 hours' where id = ${occ}`;
    expect(await as(host, (tx) => markAttendance(tx, r0!.id, true))).toBe("attended");
    expect(await as(host, (tx) => markAttendance(tx, r0!.id, false))).toBe("no_show");
    expect(await failure(as(a[1]!, (tx) => markAttendance(tx, r0!.id, true)))).toBe(
      "Forbidden: only the host can change this session",
    );
  });
});

describe("the scheduler's reminders", () => {
  it("the evening before: a reminder to each athlete going and the host's summary, once", async () => {
    const occ = await post({ places: 3 });
    await as(a[0]!, (tx) => takePlace(tx, occ));
    await as(a[1]!, (tx) => takePlace(tx, occ));
    await admin`update public.session_rsvps set updated_at = now() - interval '10 days' where occurrence_id = ${occ}`;
    await admin`update public.session_occurrences set created_at = now() - interval '10 days' where id = ${occ}`;
    const [evening] = await admin<{ at: string }[]>`
      select ((((starts_at at time zone 'Australia/Brisbane')::date - 1) + time '18:05')
              at time zone 'Australia/Brisbane')::text as at
      from public.session_occurrences where id = ${occ}`;
    await schedule(evening!.at);
    await schedule(evening!.at);
    expect((await outbox(occ, "session_reminder")).map((o) => o.recipient_id).sort()).toEqual(
      [a[0]!.profileId, a[1]!.profileId].sort(),
    );
    expect((await outbox(occ, "session_summary")).map((o) => o.recipient_id)).toEqual([host.profileId]);
  });
});

describe("who sees what, blocks, suspension", () => {
  it("an athlete reads only their own RSVPs; the host reads all of theirs; visitors see public sessions", async () => {
    const occ = await post({ places: 3 });
    await as(a[0]!, (tx) => takePlace(tx, occ));
    await as(a[1]!, (tx) => takePlace(tx, occ));
    const mine = await as(
      a[0]!,
      (tx) => tx`select profile_id from public.session_rsvps where occurrence_id = ${occ}`,
    );
    expect(mine.map((r) => r.profile_id)).toEqual([a[0]!.profileId]);
    const hosts = await as(
      host,
      (tx) => tx`select profile_id from public.session_rsvps where occurrence_id = ${occ}`,
    );
    expect(hosts.length).toBe(2);
    const visitor = await as(null, (tx) => tx`select id from public.session_occurrences where id = ${occ}`);
    expect(visitor.length).toBe(1);
    expect(await failure(as(null, (tx) => tx`select 1 from public.session_rsvps`))).toBe("42501");
    // Nobody writes the tables directly.
    expect(
      await failure(
        as(a[0]!, (tx) => tx`update public.session_occurrences set places = 50 where id = ${occ}`),
      ),
    ).toBe("42501");
    // Names: a private athlete is named to the host only.
    await admin`update public.profiles set is_public = false where id = ${a[1]!.profileId}`;
    const seenBy = async (who: Athlete | null) =>
      (
        await as(
          who,
          (tx) => tx<{ full_name: string }[]>`select full_name from public.session_attendees(${occ})`,
        )
      ).map((r) => r.full_name);
    expect(await seenBy(null)).toEqual([a[0]!.name, "Private athlete"]);
    expect(await seenBy(host)).toEqual([a[0]!.name, a[1]!.name]);
    await admin`update public.profiles set is_public = true where id = ${a[1]!.profileId}`;
  });

  it("a block takes each out of the other's sessions and keeps them out; the place is offered on", async () => {
    const occ = await post({ places: 1 });
    await as(a[0]!, (tx) => takePlace(tx, occ));
    await as(a[1]!, (tx) => takePlace(tx, occ));
    await as(host, (tx) => tx`select public.block_athlete(${a[0]!.profileId})`);
    expect(await stateOf(occ, a[0]!)).toBe("cancelled");
    expect(await stateOf(occ, a[1]!)).toBe("offered");
    await counts(occ);
    expect(await failure(as(a[0]!, (tx) => takePlace(tx, occ)))).toBe("Session not found");
    const listed = await as(a[0]!, (tx) => tx`select id from public.session_occurrences where id = ${occ}`);
    expect(listed.length).toBe(0);
    await as(host, (tx) => tx`select public.unblock_athlete(${a[0]!.profileId})`);
  });

  it("a suspended account cannot take a place", async () => {
    const occ = await post({ places: 2 });
    const s = await person("suspended");
    await admin`insert into private.suspended_accounts (user_id) values (${s.authId})`;
    expect(await failure(as(s, (tx) => takePlace(tx, occ)))).toBe(suspendedMessage);
    expect((await rsvps(occ)).length).toBe(0);
  });
});

describe("moderation and account deletion", () => {
  it("a reported session is hidden by a moderator: its dates are cancelled with notice", async () => {
    const mod = await person("moderator");
    await admin`insert into private.moderators (user_id) values (${mod.authId})`;
    const occ = await post({ places: 2 });
    const [{ session_id }] = (await admin<{ session_id: string }[]>`
      select session_id from public.session_occurrences where id = ${occ}`) as unknown as [
      { session_id: string },
    ];
    await as(a[0]!, (tx) => takePlace(tx, occ));
    // As the session page's Report button files it (lib/data/reports.ts); once, and never by its host.
    const fileIt = (who: Athlete) =>
      as(who, (tx) => fileReport(tx, { kind: "session", targetId: session_id, reason: "spam", details: "" }));
    expect(await fileIt(a[0]!)).toBe("reported");
    expect(await fileIt(a[0]!)).toBe("already_reported");
    // Read by its detail, as the action reads it (lib/actions/reports.ts: "You can't report yourself.").
    await expect(fileIt(host)).rejects.toMatchObject({ code: "22023", detail: "REPORT_SELF" });
    const [report] = await admin<
      { id: string }[]
    >`select id from public.reports where target_id = ${session_id}`;
    await as(mod, (tx) => tx`select public.moderate_hide_session(${report!.id})`);
    expect(
      await as(a[1]!, (tx) => tx`select id from public.training_sessions where id = ${session_id}`),
    ).toEqual([]);
    expect((await outbox(occ, "session_change")).map((o) => JSON.parse(o.detail!).reason)).toEqual([
      "moderator",
    ]);

    // An RSVP reported by the host: the moderator takes the athlete out; the place is offered on.
    const occ2 = await post({ places: 1 });
    await as(a[2]!, (tx) => takePlace(tx, occ2));
    await as(a[3]!, (tx) => takePlace(tx, occ2));
    const [r2] = await admin<{ id: string }[]>`
      select id from public.session_rsvps where occurrence_id = ${occ2} and profile_id = ${a[2]!.profileId}`;
    await as(host, (tx) => tx`select public.report_session_content('session_rsvp', ${r2!.id}, 'harassment')`);
    const [report2] = await admin<
      { id: string }[]
    >`select id from public.reports where target_id = ${r2!.id}`;
    await as(mod, (tx) => tx`select public.moderate_remove_rsvp(${report2!.id})`);
    expect(await stateOf(occ2, a[2]!)).toBe("cancelled");
    expect(await stateOf(occ2, a[3]!)).toBe("offered");
    await counts(occ2);
  });

  it("an athlete's place is reported from the page by the host or someone going, once; the moderator takes them out", async () => {
    const mod = await person("placemod");
    await admin`insert into private.moderators (user_id) values (${mod.authId})`;
    const stranger = await person("placestranger");
    const occ = await post({ places: 2 });
    for (const who of [a[0]!, a[1]!, a[2]!]) await as(who, (tx) => takePlace(tx, occ));
    expect(await stateOf(occ, a[2]!)).toBe("waitlisted");
    const placeOf = async (who: Athlete) =>
      (
        await admin<{ id: string }[]>`
          select id from public.session_rsvps where occurrence_id = ${occ} and profile_id = ${who.profileId}`
      )[0]!.id;
    const [going, waiting] = [await placeOf(a[1]!), await placeOf(a[2]!)];

    // The page shows Report beside the places to the host and those going, and knows the caller's own.
    const page = (who: Athlete | null) => as(who, (tx) => readSessionOccurrence(tx, occ, who !== null));
    expect((await page(host))!.may_report_places).toBe(true);
    expect(await page(a[0]!)).toMatchObject({ may_report_places: true, my_rsvp_id: await placeOf(a[0]!) });
    for (const who of [a[2]!, stranger, null]) expect((await page(who))!.may_report_places).toBe(false);

    const fileIt = (who: Athlete, place: string, reason: "spam" | "harassment" = "spam") =>
      as(who, (tx) => fileReport(tx, { kind: "session_rsvp", targetId: place, reason, details: "" }));
    const reportsOn = async (place: string) =>
      (
        await admin<{ n: number }[]>`select count(*)::int as n from public.reports where target_id = ${place}`
      )[0]!.n;
    expect(await fileIt(a[0]!, going)).toBe("reported");
    expect(await fileIt(a[0]!, going, "harassment")).toBe("already_reported");
    expect(await reportsOn(going)).toBe(1);
    await expect(fileIt(a[0]!, await placeOf(a[0]!))).rejects.toMatchObject({ detail: "REPORT_SELF" });
    // The waitlist is the host's to see: someone going cannot report a place on it; the waiting, a
    // stranger and the moderator (who is not there) report no place at all. Nothing is written.
    await expect(fileIt(a[0]!, waiting)).rejects.toMatchObject({ code: "P0002" });
    for (const who of [a[2]!, stranger, mod])
      await expect(fileIt(who, going)).rejects.toMatchObject({ code: "P0002" });
    expect(await reportsOn(waiting)).toBe(0);
    expect(await reportsOn(going)).toBe(1);
    expect(await fileIt(host, waiting)).toBe("reported");

    // "Take out of the session": the place is given up and the waitlist's head is offered it.
    const [report] = await admin<{ id: string }[]>`
      select id from public.reports where target_id = ${going} and status = 'open'`;
    await as(mod, (tx) => moderate(tx, "remove_rsvp", report!.id));
    expect(await stateOf(occ, a[1]!)).toBe("cancelled");
    expect(await stateOf(occ, a[2]!)).toBe("offered");
    await counts(occ);
    // A place given up is no longer there to report.
    await expect(fileIt(host, going)).rejects.toMatchObject({ code: "P0002" });
  });

  it("deleting the host's account cancels their dates with notice; an athlete's gives their place on", async () => {
    const other = await person("otherhost");
    const { occurrence_id: occ } = await as(other, async (tx) =>
      createSession(tx, await input({ places: 1 })),
    );
    await as(a[0]!, (tx) => takePlace(tx, occ));
    await as(a[1]!, (tx) => takePlace(tx, occ));
    const leaver = await person("leaver");
    const occ2 = await post({ places: 1 });
    await as(leaver, (tx) => takePlace(tx, occ2));
    await as(a[4]!, (tx) => takePlace(tx, occ2));
    await as(leaver, (tx) => tx`select public.delete_my_account()`);
    expect(await stateOf(occ2, a[4]!)).toBe("offered");
    await counts(occ2);

    await as(other, (tx) => tx`select public.delete_my_account()`);
    const notices = await admin<{ recipient_id: string; detail: string }[]>`
      select recipient_id, detail from private.notification_outbox
      where kind = 'session_change' and detail like ${`%${occ}%`} order by id`;
    expect(notices.map((n) => [n.recipient_id, JSON.parse(n.detail).reason])).toEqual([
      [a[0]!.profileId, "host_left"],
      [a[1]!.profileId, "host_left"],
    ]);
  });
});

describe("the race for the last place", () => {
  it("many athletes take the last place at once: exactly one gets it and the counts never drift", async () => {
    const racers: Athlete[] = [];
    for (let i = 0; i < 12; i++) racers.push(await person(`racer${i}`));
    for (let round = 0; round < 3; round++) {
      const occ = await post({ places: 2 });
      await as(a[0]!, (tx) => takePlace(tx, occ));
      const results = await Promise.all(racers.map((r) => as(r, (tx) => takePlace(tx, occ))));
      expect(results.filter((s) => s === "going").length).toBe(1);
      expect(results.filter((s) => s === "waitlisted").length).toBe(racers.length - 1);
      expect(await counts(occ)).toMatchObject({ going: 2, held: 0 });
      // And the freed place, inside the window, raced for by the whole waitlist: one wins.
      await startsIn(occ, 1);
      await as(a[0]!, (tx) => leaveSession(tx, occ));
      const waiting = racers.filter((_, i) => results[i] !== "going");
      const taps = await Promise.all(
        waiting.map((r) => as(r, (tx) => acceptOffer(tx, occ)).catch(() => "refused")),
      );
      expect(taps.filter((s) => s === "going").length).toBe(1);
      expect(await counts(occ)).toMatchObject({ going: 2, held: 0 });
    }
  }, 60_000);
});

describe("the e-mails", () => {
  it("an offer, a weather cancellation and the reminders are e-mailed, each with its own switch", async () => {
    const { runNotificationPass } = await import("@/lib/notifications/worker");
    const { unsubscribeByToken } = await import("@/lib/notifications/unsubscribe");
    const { signUnsubscribeToken } = await import("@/lib/notifications/unsubscribe-token");
    const sent: { to: string; subject: string; text: string }[] = [];
    const transport = {
      sendMail: async (m: { to: string; subject: string; text: string }) => void sent.push(m),
    };
    await admin`update private.notification_outbox set status = 'skipped' where status = 'pending'`;
    const occ = await post({ places: 1, title: `Weather swim ${run}` });
    await as(a[0]!, (tx) => takePlace(tx, occ));
    await as(a[1]!, (tx) => takePlace(tx, occ));
    await as(a[0]!, (tx) => leaveSession(tx, occ));
    await runNotificationPass({ transport, push: null });
    const offer = sent.find((m) => m.to === a[1]!.email)!;
    expect(offer.subject).toMatch(new RegExp(`^A place is free: Weather swim ${run}, `));
    expect(offer.text).toContain(`/sessions/${occ}`);
    // The athlete turns "places and changes" off from the e-mail's link: the weather call is not e-mailed.
    expect(await unsubscribeByToken(signUnsubscribeToken(a[1]!.profileId, "session_update"))).toBe(
      "session_update",
    );
    await as(host, (tx) => callWeather(tx, occ, "cancelled"));
    sent.length = 0;
    await runNotificationPass({ transport, push: null });
    expect(sent.filter((m) => m.to === a[1]!.email)).toEqual([]);
    const [row] = await admin<{ status: string; last_error: string }[]>`
      select status, last_error from private.notification_outbox
      where kind = 'session_change' and recipient_id = ${a[1]!.profileId} and session_occurrence_id = ${occ}`;
    expect(row).toEqual({ status: "skipped", last_error: "turned off by the recipient" });
  });
});

describe("my data", () => {
  it("the export holds the sessions one hosts and one's answers", async () => {
    const { exportMyData } = await import("./my-data");
    const occ = await post({ places: 2, title: `Export ride ${run}`, sport: "bike" });
    await as(a[5]!, (tx) => takePlace(tx, occ));
    const mine = await as(a[5]!, (tx) => exportMyData(tx, a[5]!.claims));
    expect(mine.session_rsvps).toContainEqual(
      expect.objectContaining({ occurrence_id: occ, session_title: `Export ride ${run}`, state: "going" }),
    );
    const hosts = await as(host, (tx) => exportMyData(tx, host.claims));
    const ride = hosts.sessions_hosted.find((s) => s.title === `Export ride ${run}`) as {
      dates: { id: string }[];
    };
    expect(ride.dates.map((d) => d.id)).toEqual([occ]);
  });
});

describe("the calendar feed", () => {
  it("holds each date one goes to, in Noosa time; a move or a cancellation updates the same entry", async () => {
    const { buildCalendar } = await import("@/lib/calendar/ics");
    const { createCalendarFeed, readCalendarFeedSessions } = await import("./calendar");
    const hash = randomUUID().replaceAll("-", "").padEnd(64, "0");
    await as(a[4]!, (tx) => createCalendarFeed(tx, hash));
    const occ = await post({ places: 3, title: `Feed run ${run}`, sport: "run" });
    const ics = async () =>
      buildCalendar({
        name: "Test",
        teams: [],
        sessions: await as(null, (tx) => readCalendarFeedSessions(tx, hash)),
      });
    expect(await ics()).not.toContain(`session-${occ}@`);
    await as(a[4]!, (tx) => takePlace(tx, occ));
    const on = await ics();
    expect(on).toContain(`UID:session-${occ}@`);
    expect(on).toMatch(/DTSTART;TZID=Australia\/Brisbane:\d{8}T060000/);
    expect(on).toContain("SEQUENCE:0");
    await as(host, (tx) => callWeather(tx, occ, "cancelled"));
    const off = await ics();
    expect(off).toContain("STATUS:CANCELLED");
    expect(off).toContain("SEQUENCE:1");
    expect(await as(null, (tx) => readCalendarFeedSessions(tx, "f".repeat(64)))).toEqual([]);
  });
});

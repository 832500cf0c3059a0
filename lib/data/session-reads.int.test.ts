import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls } from "@/lib/db";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import { createSession, takePlace } from "./session-writes";
import {
  listAttendees,
  listUpcomingSessions,
  myNextSession,
  readSessionOccurrence,
  sessionSitemapEntries,
} from "./sessions";

// What the sessions pages read, against the database: the list and its filters, one date with the caller's
// answer, who's going, "Your next session" and the sitemap; a team-only or far-off date where it belongs.
const admin = adminSql();
const run = randomUUID().slice(0, 8);
let host: Athlete, athlete: Athlete;
let occ = "";

beforeAll(async () => {
  host = await makeAthlete(admin, { email: `rh-${run}@example.test`, name: "Reads Host", isPublic: true });
  athlete = await makeAthlete(admin, {
    email: `ra-${run}@example.test`,
    name: "Reads Athlete",
    isPublic: true,
  });
  const [day] = await admin<{ d: string }[]>`
    select ((now() at time zone 'Australia/Brisbane')::date + 1)::text as d`;
  ({ occurrence_id: occ } = await withRls(host.claims, (tx) =>
    createSession(tx, {
      title: `Reads ride ${run}`,
      sport: "bike",
      meeting_point: "noosa_hill",
      duration_minutes: 90,
      level: "advanced",
      places: 1,
      first_day: day!.d,
      local_time: "05:30",
    }),
  ));
  await withRls(athlete.claims, (tx) => takePlace(tx, occ));
});
afterAll(async () => {
  await dropAthletes(admin, [host, athlete]);
  await admin.end();
  await pool().end();
});

describe("the sessions readers", () => {
  it("list, filters, one date, who's going, the next session and the sitemap", async () => {
    const all = await withRls(null, (tx) => listUpcomingSessions(tx, {}, 500));
    const card = all.find((s) => s.occurrence_id === occ)!;
    expect(card).toMatchObject({ title: `Reads ride ${run}`, going: 1, places: 1, host_name: "Reads Host" });
    const bikeOnHill = await withRls(null, (tx) =>
      listUpcomingSessions(tx, { sport: "bike", place: "noosa_hill", level: "advanced" }, 500),
    );
    expect(bikeOnHill.map((s) => s.occurrence_id)).toContain(occ);
    const swims = await withRls(null, (tx) => listUpcomingSessions(tx, { sport: "swim" }, 500));
    expect(swims.map((s) => s.occurrence_id)).not.toContain(occ);
    const page = await withRls(athlete.claims, (tx) => readSessionOccurrence(tx, occ, true));
    expect(page).toMatchObject({ my_state: "going", is_host: false, started: false });
    const visitor = await withRls(null, (tx) => readSessionOccurrence(tx, occ, false));
    expect(visitor).toMatchObject({ my_state: null, is_host: false });
    expect((await withRls(null, (tx) => listAttendees(tx, occ))).map((p) => p.full_name)).toEqual([
      "Reads Athlete",
    ]);
    expect(await withRls(athlete.claims, (tx) => myNextSession(tx))).toMatchObject({
      occurrence_id: occ,
      role: "going",
    });
    expect(await withRls(host.claims, (tx) => myNextSession(tx))).toMatchObject({ role: "host" });
    const sitemap = await sessionSitemapEntries();
    expect(sitemap.some((e) => e.url.endsWith(`/sessions/${occ}`))).toBe(true);
  });
});

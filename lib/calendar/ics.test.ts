import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { event } from "@/lib/site";
import { buildCalendar, firstTrainingDay, noosaDay, type CalendarTeam } from "./ics";

// Parsed with ical.js (the parser of Thunderbird's calendar), so what is checked is what a calendar app reads.
const team = (over: Partial<CalendarTeam> = {}): CalendarTeam => ({
  id: "0b7f3f8e-7d0e-4c39-9d55-3c1a4d4f2a10",
  name: "Dawn Patrol",
  location: "Noosa Main Beach",
  role: "runner",
  training_schedule: { days: ["tuesday", "saturday"], times: ["early_morning", "evening"] },
  // 6 am on Friday 20 Nov 2026 in Noosa: the night before in UTC.
  created_at: "2026-11-19T20:00:00.000Z",
  updated_at: "2026-11-25T01:00:00.000Z",
  ...over,
});

// RFC 7986 made NAME a TEXT property (escaped like SUMMARY); ical.js predates it, so it is told so here.
ICAL.design.icalendar.property.name = { defaultType: "text" };

function parse(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const tz of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  return { root, events: root.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v)) };
}

const byUid = (events: ICAL.Event[], prefix: string) => events.find((e) => e.uid.startsWith(prefix))!;

function occurrences(e: ICAL.Event, count: number) {
  const it = e.iterator();
  const out: ICAL.Time[] = [];
  for (let next = it.next(); next && out.length < count; next = it.next()) out.push(next);
  return out;
}

describe("buildCalendar", () => {
  it("has race day as an all-day event and one weekly series per training time, in Noosa time", () => {
    const { events } = parse(buildCalendar({ name: "Dawn Patrol", teams: [team()] }));
    expect(events).toHaveLength(3);

    const race = byUid(events, "race-");
    expect(race.startDate.isDate).toBe(true);
    expect(race.startDate.toString()).toBe(event.raceDay);
    expect(race.summary).toBe(`${event.name}: Dawn Patrol relay`);
    expect(race.description).toContain("You race the run leg (10 km)");

    const early = byUid(events, "training-early_morning-");
    expect(early.isRecurring()).toBe(true);
    expect(early.startDate.zone?.tzid).toBe("Australia/Brisbane");
    const rule = early.component.getFirstPropertyValue("rrule") as ICAL.Recur;
    expect(rule.freq).toBe("WEEKLY");
    expect(rule.parts.BYDAY).toEqual(["TU", "SA"]);
    // Created on a Friday in Noosa, so the first session is Saturday 21 Nov at 5:30, 19:30 UTC the day before.
    const first = occurrences(early, 4);
    expect(first.map((t) => t.toString())).toEqual([
      "2026-11-21T05:30:00",
      "2026-11-24T05:30:00",
      "2026-11-28T05:30:00",
      "2026-12-01T05:30:00",
    ]);
    expect(first[0]!.toJSDate().toISOString()).toBe("2026-11-20T19:30:00.000Z");
    expect(early.endDate.toString()).toBe("2026-11-21T07:00:00");

    const evening = byUid(events, "training-evening-");
    expect(occurrences(evening, 1)[0]!.toString()).toBe("2026-11-21T17:30:00");
  });

  it("ends the training series before race day", () => {
    const { events } = parse(buildCalendar({ name: "x", teams: [team()] }));
    const all = occurrences(byUid(events, "training-early_morning-"), 1000).map((t) => t.toString());
    expect(all.at(-1)! < event.raceDay).toBe(true);
    expect(all.length).toBeGreaterThan(50);
  });

  it("makes all-day weekly entries for training days without a time, and none without days", () => {
    const days = parse(
      buildCalendar({ name: "x", teams: [team({ training_schedule: { days: ["sunday"], times: [] } })] }),
    ).events;
    const anyTime = byUid(days, "training-day-");
    expect(anyTime.startDate.isDate).toBe(true);
    expect(anyTime.startDate.toString()).toBe("2026-11-22");
    expect(new Date(`${anyTime.startDate.toString()}T00:00:00Z`).getUTCDay()).toBe(0);

    const none = parse(
      buildCalendar({ name: "x", teams: [team({ training_schedule: { days: [], times: ["morning"] } })] }),
    ).events;
    expect(none.map((e) => e.uid.split("-")[0])).toEqual(["race"]);
  });

  it("keeps commas, semicolons, backslashes and newlines in names intact", () => {
    const name = "Fast, Faster; Fastest \\ Co\nLine two";
    const ics = buildCalendar({ name, teams: [team({ name, location: "Noosa; Heads, QLD" })] });
    expect(ics).toContain("Fast\\, Faster\\; Fastest \\\\ Co\\nLine two");
    const { root, events } = parse(ics);
    expect(root.getFirstPropertyValue("name")).toBe("Fast, Faster; Fastest \\ Co Line two");
    expect(byUid(events, "race-").summary).toBe(`${event.name}: ${name} relay`);
    expect(byUid(events, "training-evening-").summary).toBe(`${name}: team training`);
    expect(byUid(events, "training-evening-").location).toBe("Noosa; Heads, QLD");
    // Lines are folded at 75 octets, as RFC 5545 asks.
    expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it("keeps UIDs when the team changes, with a higher SEQUENCE, so a re-import updates", () => {
    const before = parse(buildCalendar({ name: "x", teams: [team()] })).events;
    const after = parse(
      buildCalendar({
        name: "x",
        teams: [
          team({
            name: "Dawn Patrol Renamed",
            training_schedule: { days: ["monday"], times: ["early_morning", "evening"] },
            updated_at: "2026-11-26T03:00:00.000Z",
          }),
        ],
      }),
    ).events;
    expect(after.map((e) => e.uid)).toEqual(before.map((e) => e.uid));
    for (const [i, e] of after.entries()) expect(e.sequence).toBeGreaterThan(before[i]!.sequence);
    // The same input gives the same file: nothing depends on the time it is made.
    expect(buildCalendar({ name: "x", teams: [team()] })).toBe(buildCalendar({ name: "x", teams: [team()] }));
  });

  it("gives each team its own UIDs and tells apps how often to refresh", () => {
    const other = team({ id: "5d1c1e0a-1b2c-4d3e-8f40-5a6b7c8d9e0f", name: "Other" });
    const { root, events } = parse(
      buildCalendar({ name: "Feed", teams: [team(), other], refreshSeconds: 3600 }),
    );
    expect(new Set(events.map((e) => e.uid)).size).toBe(6);
    expect(root.getFirstPropertyValue("refresh-interval")?.toString()).toBe("PT1H");
  });

  it("is a valid, empty calendar with no teams", () => {
    const { root, events } = parse(buildCalendar({ name: "Feed", teams: [] }));
    expect(root.name).toBe("vcalendar");
    expect(root.getFirstPropertyValue("version")).toBe("2.0");
    expect(events).toHaveLength(0);
  });
});

describe("dates in Noosa", () => {
  it("reads an instant as Noosa's calendar day", () => {
    expect(noosaDay("2026-11-19T13:59:59Z")).toBe("2026-11-19");
    expect(noosaDay("2026-11-19T14:00:00Z")).toBe("2026-11-20");
  });
  it("finds the first training day on or after a day", () => {
    expect(firstTrainingDay("2026-11-20", ["friday"])).toBe("2026-11-20");
    expect(firstTrainingDay("2026-11-20", ["thursday"])).toBe("2026-11-26");
    expect(firstTrainingDay("2026-11-20", ["monday", "saturday"])).toBe("2026-11-21");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withRls } from "@/lib/db";
import { event } from "@/lib/site";
import { addDays, raceDayMessage } from "@/lib/validation/team";
import { adminSql, dropAthletes, makeAthlete, makeTeam, type Athlete } from "@/test/fixtures/athletes";
import { setUrgentNeed } from "./team-writes";

// Race day is one fact: lib/site.ts for the pages, calendars and form, private.race_day() for the rules.
const admin = adminSql();
let creator: Athlete;
let teamId: string;

beforeAll(async () => {
  creator = await makeAthlete(admin, { specialty: "runner" });
  teamId = await makeTeam(admin, creator, { roles: ["swimmer", "runner"], creatorRole: "runner" });
});

afterAll(async () => {
  await dropAthletes(admin, [creator]);
  await admin.end();
});

describe("race day", () => {
  it("is the same day in the database as in lib/site.ts", async () => {
    const [row] = await admin<{ day: string }[]>`select private.race_day()::text as day`;
    expect(row!.day).toBe(event.raceDay);
  });

  it("is the last day an urgent need can be set for, refused after it in the form's own words", async () => {
    await withRls(creator.claims, (tx) => setUrgentNeed(tx, teamId, "swimmer", event.raceDay));
    const refused = await withRls(creator.claims, (tx) =>
      setUrgentNeed(tx, teamId, "swimmer", addDays(event.raceDay, 1)),
    ).then(
      () => null,
      (error: { code?: string; message?: string }) => error,
    );
    expect(refused?.code).toBe("P0001");
    expect(refused?.message).toBe(raceDayMessage);
    const [team] = await admin<{ urgent_by: string }[]>`
      select urgent_by::text from public.teams where id = ${teamId}`;
    expect(team!.urgent_by).toBe(event.raceDay);
  });
});

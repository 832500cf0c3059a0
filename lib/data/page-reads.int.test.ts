import { randomUUID } from "node:crypto";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDashboardPage } from "@/lib/data/dashboard";
import { readTeamViewerPage } from "@/lib/data/team-viewer";
import type { Claims } from "@/lib/db";
import { adminSql, dropAthletes, makeAthlete, makeTeam, type Athlete } from "@/test/fixtures/athletes";
import { countRoundTrips } from "@/test/fixtures/round-trips";

// A signed-in page holds a pooled connection for every round trip its reads make. The dashboard and the
// signed-in team page read everything, and whether the session is live, in one batch: one round trip with BEGIN,
// the claims setup and every statement, one for COMMIT. Counted on the wire, on one pooled connection.
let trips: ReturnType<typeof countRoundTrips>;
let admin: postgres.Sql;
let creator: Athlete;
let other: Athlete;
let teamId: string;
const writesOf = <T>(run: () => Promise<T>) => trips.of(run);

// Claims naming a session that does not exist: the setup's private.session_is_live runs them as a visitor.
const ended = (claims: Claims): Claims => ({ ...claims, session_id: randomUUID() });

beforeAll(async () => {
  admin = adminSql();
  creator = await makeAthlete(admin);
  other = await makeAthlete(admin);
  teamId = await makeTeam(admin, creator);
  trips = countRoundTrips();
});

afterAll(async () => {
  await trips?.end();
  await dropAthletes(admin, [creator, other]);
  await admin?.end();
});

describe("the dashboard's reads", () => {
  it("are one round trip and COMMIT", async () => {
    await readDashboardPage(creator.claims, creator.authId);
    const { writes, value } = await writesOf(() => readDashboardPage(creator.claims, creator.authId));
    expect(writes).toBe(2);
    expect(value.live).toBe(true);
    expect(value.live && value.dashboard?.profile.id).toBe(creator.profileId);
    expect(value.live && value.dashboard?.teams.map((t) => t.id)).toEqual([teamId]);
  });

  it("say when the session has ended, in the same round trip", async () => {
    const { writes, value } = await writesOf(() => readDashboardPage(ended(creator.claims), creator.authId));
    expect(writes).toBe(2);
    expect(value).toEqual({ live: false });
  });
});

describe("the signed-in team page's reads", () => {
  it("are one round trip and COMMIT, for the creator and for anyone else", async () => {
    for (const viewer of [creator, other]) {
      const read = () => readTeamViewerPage(viewer.claims, teamId, viewer.authId, { teamRead: false });
      await read();
      const { writes, value } = await writesOf(read);
      expect(writes).toBe(2);
      expect(value.live).toBe(true);
      expect(value.live && value.team?.id).toBe(teamId);
    }
  });

  it("show the creator's controls to the creator only", async () => {
    const mine = await readTeamViewerPage(creator.claims, teamId, creator.authId, { teamRead: false });
    const theirs = await readTeamViewerPage(other.claims, teamId, other.authId, { teamRead: false });
    expect(mine.live && mine.team && mine.isCreator).toBe(true);
    expect(theirs.live && theirs.team && theirs.isCreator).toBe(false);
    expect(theirs.live && theirs.team ? [theirs.fit, theirs.sent, theirs.chat] : null).toEqual([
      [],
      [],
      null,
    ]);
  });

  it("say when the session has ended, and answer no team for an id that is not one", async () => {
    const dead = await readTeamViewerPage(ended(other.claims), teamId, other.authId, { teamRead: false });
    expect(dead).toEqual({ live: false });
    const progress = { teamRead: false };
    const missing = await readTeamViewerPage(other.claims, "not-a-team", other.authId, progress);
    expect(missing).toEqual({ live: true, team: null });
    expect(progress.teamRead).toBe(true);
  });
});

import { once } from "node:events";
import net from "node:net";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDashboardPage } from "@/lib/data/dashboard";
import { readTeamViewerPage } from "@/lib/data/team-viewer";
import { poolOptions, type Claims } from "@/lib/db";
import { adminSql, dropAthletes, makeAthlete, makeTeam, type Athlete } from "@/test/fixtures/athletes";

// A signed-in page holds a pooled connection for every round trip its reads make. The dashboard and the
// signed-in team page read everything, and whether the session is live, in one batch: one round trip with BEGIN,
// the claims setup and every statement, one for COMMIT. Counted on the wire, on one pooled connection.
const globalForDb = globalThis as unknown as { __appSql?: postgres.Sql };
let writes = 0;
let single: postgres.Sql;
let admin: postgres.Sql;
let creator: Athlete;
let other: Athlete;
let teamId: string;

/** A connected socket to the stack's Postgres that counts the round trips the client starts. */
async function countingSocket(): Promise<net.Socket> {
  const url = new URL(process.env.DATABASE_URL ?? "");
  const socket = net.connect(Number(url.port || 5432), url.hostname);
  await once(socket, "connect");
  // Writes with no answer from Postgres between them are one round trip (postgres.js flushes every 1 KiB).
  let answered = true;
  socket.on("data", () => (answered = true));
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (answered) writes++;
    answered = false;
    return write(...args);
  }) as typeof socket.write;
  return socket;
}

/** The round trips `run` starts. */
async function writesOf<T>(run: () => Promise<T>): Promise<{ writes: number; value: T }> {
  await single`select 1`;
  const before = writes;
  const value = await run();
  return { writes: writes - before, value };
}

// Claims naming a session that does not exist: the setup's private.session_is_live runs them as a visitor.
const ended = (claims: Claims): Claims => ({ ...claims, session_id: randomUUID() });

beforeAll(async () => {
  admin = adminSql();
  creator = await makeAthlete(admin);
  other = await makeAthlete(admin);
  teamId = await makeTeam(admin, creator);
  single = postgres(process.env.DATABASE_URL ?? "", {
    ...poolOptions,
    max: 1,
    // As pool() on a direct connection (lib/db/prepare.ts): unprepared, each statement with parameters
    // is described in a round trip of its own first.
    prepare: true,
    onnotice: () => {},
    // postgres.js takes a ready socket (`socket` option), which its types do not declare.
    ...({ socket: countingSocket } as object),
  });
  globalForDb.__appSql = single;
});

afterAll(async () => {
  await single?.end({ timeout: 1 });
  globalForDb.__appSql = undefined;
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

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import { parseFilters } from "@/lib/browse/filters";
import { listAthletes, listOpenTeams, type ListedAthlete, type ListedTeam } from "./browse";
import { myTeams, partnerCounts } from "./dashboard";
import { readLiveNumbers } from "./live-numbers";
import { adminSql, dropAthletes, makeAthlete, makeTeam, type Athlete } from "@/test/fixtures/athletes";

const admin = adminSql();
const run = randomUUID().slice(0, 8);
const place = `Testville ${run}`;

// Athletes: listed (public + looking), private, public but not looking. Teams: open, full, closed, urgent.
const people = {
  listed: { specialty: "runner", level: "elite", is_public: true, looking: true },
  swimmer: { specialty: "swimmer", level: "beginner", is_public: true, looking: true },
  hidden: { specialty: "runner", level: "elite", is_public: false, looking: true },
  notLooking: { specialty: "runner", level: "elite", is_public: true, looking: false },
  creator: { specialty: "cyclist", level: "advanced", is_public: true, looking: true },
  fullCreator: { specialty: "runner", level: "advanced", is_public: false, looking: false },
  closedCreator: { specialty: "runner", level: "advanced", is_public: false, looking: false },
} as const;
type Who = keyof typeof people;
const ids = {} as Record<Who, Athlete>;
const teamIds = {} as Record<"open" | "full" | "closed", string>;

beforeAll(async () => {
  for (const [who, p] of Object.entries(people) as [Who, (typeof people)[Who]][]) {
    ids[who] = await makeAthlete(admin, {
      name: `Browse ${who}`,
      place,
      isPublic: p.is_public,
      lookingForTeam: p.looking,
      specialty: p.specialty,
      experienceLevel: p.level,
      goals: "Race the relay this year",
      avatar: false,
    });
  }
  const team = (
    creator: Who,
    status: "open" | "full" | "closed",
    roles: ("runner" | "swimmer")[],
    urgent: boolean,
  ) =>
    makeTeam(admin, ids[creator], {
      name: `Team ${status} ${run}`,
      description: "A relay team for the browse test",
      status,
      roles,
      levels: ["advanced", "elite"],
      creatorRole: "cyclist",
      urgentRole: urgent ? "runner" : undefined,
    });
  teamIds.open = await team("creator", "open", ["runner", "swimmer"], true);
  teamIds.full = await team("fullCreator", "full", ["runner"], false);
  teamIds.closed = await team("closedCreator", "closed", ["runner"], false);
});

afterAll(async () => {
  await dropAthletes(admin, Object.values(ids));
  await admin.end();
  await pool().end();
});

const allPages = async <T>(list: (page: number) => Promise<{ items: T[]; total: number }>, size: number) => {
  const first = await list(1);
  const items = [...first.items];
  for (let p = 2; (p - 1) * size < first.total; p++) items.push(...(await list(p)).items);
  return { items, total: first.total };
};
const athletesAs = (claims: Claims | null, params: Record<string, string> = {}, specialty?: "runner") =>
  allPages<ListedAthlete>(
    (p) =>
      withRls(claims, (tx) => listAthletes(tx, parseFilters({ ...params, ap: String(p) }), { specialty })),
    12,
  );
const teamsAs = (claims: Claims | null, params: Record<string, string> = {}, specialty?: "runner") =>
  allPages<ListedTeam>(
    (p) =>
      withRls(claims, (tx) => listOpenTeams(tx, parseFilters({ ...params, tp: String(p) }), { specialty })),
    6,
  );
const profileIds = (r: { items: ListedAthlete[] }) => r.items.map((a) => a.id);

describe("browse listings", () => {
  it("list only public, looking-for-team athletes, for visitors and athletes alike", async () => {
    for (const who of [null, ids.hidden.claims]) {
      const got = profileIds(await athletesAs(who));
      expect(got).toContain(ids.listed.profileId);
      expect(got).toContain(ids.swimmer.profileId);
      // Even its owner does not see a private profile in the listing.
      expect(got).not.toContain(ids.hidden.profileId);
      expect(got).not.toContain(ids.notLooking.profileId);
    }
    const r = await athletesAs(null);
    expect(r.total).toBe(r.items.length);
  });

  it("list only open teams, with their active member count", async () => {
    for (const who of [null, ids.closedCreator.claims]) {
      const got = (await teamsAs(who)).items;
      const open = got.find((t) => t.id === teamIds.open);
      expect(open).toMatchObject({
        status: "open",
        active_count: 1,
        covered_roles: ["cyclist"],
        urgent_role: "runner",
      });
      expect(got.map((t) => t.id)).not.toContain(teamIds.full);
      expect(got.map((t) => t.id)).not.toContain(teamIds.closed);
    }
  });

  it("filter by role, level and 'needs my specialty'", async () => {
    const runners = await athletesAs(null, { role: "runner" });
    expect(runners.items.every((a) => a.specialty === "runner")).toBe(true);
    expect(profileIds(runners)).toContain(ids.listed.profileId);
    expect(profileIds(runners)).not.toContain(ids.swimmer.profileId);
    const beginners = await athletesAs(null, { level: "beginner" });
    expect(beginners.items.every((a) => a.experience_level === "beginner")).toBe(true);
    // A runner with "mine": teams needing a runner, athletes of the other legs.
    const mine = await athletesAs(ids.listed.claims, { mine: "1" }, "runner");
    expect(mine.items.some((a) => a.specialty === "runner")).toBe(false);
    expect(profileIds(mine)).toContain(ids.swimmer.profileId);
    const teams = await teamsAs(ids.listed.claims, { mine: "1" }, "runner");
    expect(teams.items.every((t) => t.requirements.roles.includes("runner"))).toBe(true);
    expect(teams.items.map((t) => t.id)).toContain(teamIds.open);
    const cyclistTeams = await teamsAs(null, { role: "cyclist" });
    expect(cyclistTeams.items.map((t) => t.id)).not.toContain(teamIds.open);
    const beginnerTeams = await teamsAs(null, { level: "beginner" });
    expect(beginnerTeams.items.map((t) => t.id)).not.toContain(teamIds.open);
  });

  it("pages open teams urgent-first, by day then newest, then the rest newest, with no gap or repeat", async () => {
    // 5 urgent (days shuffled), 1 whose urgent day has passed, 8 plain; each created a minute apart.
    const days = [3, 1, 5, 2, 4, -2, null, null, null, null, null, null, null, null];
    // One team per creator (teams_one_per_creator): a creator each.
    const creators = await admin<{ id: string }[]>`
      insert into auth.users (id, email)
      select u, u || '@example.test' from (select gen_random_uuid() as u from generate_series(1, ${days.length})) g
      returning id`;
    const mine = await admin<{ id: string }[]>`
      insert into public.teams (name, description, creator_id, status, requirements, urgent_role, urgent_by, created_at)
      select ${`Paged ${run} `} || n, 'A relay team for the paging test', c, 'open',
             ${admin.json({ roles: ["runner"], experience_levels: ["advanced"] })},
             case when d is null then null else 'runner' end,
             (now() at time zone 'Australia/Brisbane')::date + d, now() - n * interval '1 minute'
      from unnest(${days}::int[], ${creators.map((c) => c.id)}::uuid[]) with ordinality as x(d, c, n)
      order by n
      returning id`;
    try {
      const { items, total } = await teamsAs(null);
      expect(total).toBeGreaterThan(12);
      expect(items).toHaveLength(total);
      expect(new Set(items.map((t) => t.id)).size).toBe(total);
      const order = mine.map((t) => t.id);
      const byIndex = (i: number) => order[i]!;
      // Urgent by day (1, 2, 3, 4, 5 are rows 2, 4, 1, 5, 3), then the rest newest first (rows 6..14).
      const expected = [1, 3, 0, 4, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13].map(byIndex);
      expect(items.map((t) => t.id).filter((id) => order.includes(id))).toEqual(expected);
      expect(items.find((t) => t.id === byIndex(5))?.urgent_by).not.toBeNull();
    } finally {
      await admin`delete from public.teams where id in ${admin(mine.map((t) => t.id))}`;
      await admin`delete from auth.users where id in ${admin(creators.map((c) => c.id))}`;
    }
  });

  it("lists urgent teams first", async () => {
    const { items } = await teamsAs(null);
    const firstPlain = items.findIndex((t) => t.urgent_by === null);
    const lastUrgent = items.map((t) => t.urgent_by !== null).lastIndexOf(true);
    if (firstPlain >= 0) expect(lastUrgent).toBeLessThan(firstPlain);
  });
});

describe("dashboard reads", () => {
  it("count other listed athletes per specialty and in the viewer's place", async () => {
    const counts = await withRls(ids.listed.claims, (tx) => partnerCounts(tx, ids.listed.authId));
    // Of this test's athletes, swimmer is listed and shares the place; "listed" is the viewer. The creator
    // was listed too, until creating a team made them an active member (no longer looking).
    expect(counts.nearby).toBe(1);
    expect(counts.total).toBe(Object.values(counts.bySpecialty).reduce((a, b) => a + b, 0));
  });

  it("show the viewer's own teams, including a closed one, and whether they created one", async () => {
    const mine = await withRls(ids.closedCreator.claims, (tx) => myTeams(tx, ids.closedCreator.authId));
    expect(mine).toEqual({
      createdOne: true,
      teams: [expect.objectContaining({ id: teamIds.closed, status: "closed" })],
    });
    const none = await withRls(ids.swimmer.claims, (tx) => myTeams(tx, ids.swimmer.authId));
    expect(none).toEqual({ createdOne: false, teams: [] });
  });
});

describe("landing numbers", () => {
  it("count open teams, urgent needs and listed athletes, never private profiles or closed teams", async () => {
    const before = await withRls(null, readLiveNumbers);
    await admin`update public.profiles set is_public = true, looking_for_team = true where id = ${ids.notLooking.profileId}`;
    await admin`update public.teams set status = 'open' where id = ${teamIds.full}`;
    const after = await withRls(null, readLiveNumbers);
    expect(after.athletes).toBe(before.athletes + 1);
    expect(after.openTeams).toBe(before.openTeams + 1);
    // Private, closed and full changes elsewhere do not move the numbers.
    await admin`update public.profiles set looking_for_team = true where id = ${ids.fullCreator.profileId}`;
    await admin`update public.teams set status = 'closed' where id = ${teamIds.full}`;
    const last = await withRls(null, readLiveNumbers);
    expect(last.athletes).toBe(after.athletes);
    expect(last.openTeams).toBe(before.openTeams);
    expect(last.urgent.runner).toBeGreaterThanOrEqual(1);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseFilters } from "@/lib/browse/filters";
import { pool } from "@/lib/db";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";

// docs/architecture.md#caching: /browse's shared, cached lists, for visitors only. The cache is Next's (unstable_cache); here
// it is a recorder, so the test sees which reads go to the shared copy and that no viewer's ever does.
const cache = vi.hoisted(() => ({ keys: [] as string[][], tags: [] as string[][] }));
vi.mock("next/cache", () => ({
  unstable_cache: (fn: () => unknown, keys: string[], options: { tags: string[] }) => {
    cache.keys.push(keys);
    cache.tags.push(options.tags);
    return fn;
  },
}));
const { browseListings, sharedListings } = await import("./browse-cache");

const admin = adminSql();
let blocker: Athlete, blocked: Athlete, plain: Athlete, swimmer: Athlete;

beforeAll(async () => {
  blocker = await makeAthlete(admin, { isPublic: true, name: "Cara Cacheblock" });
  blocked = await makeAthlete(admin, { isPublic: true, name: "Cody Cacheblocked" });
  plain = await makeAthlete(admin, { isPublic: true, name: "Pia Plain" });
  // An athlete of another leg, so "needs my specialty" for a runner has someone to list whatever the seed
  // holds (its athletes in a team are not listed).
  swimmer = await makeAthlete(admin, { isPublic: true, name: "Sol Swimmer" });
  await admin`update public.profiles set specialty = 'swimmer' where id = ${swimmer.profileId}`;
  await admin`update public.profiles set looking_for_team = true, created_at = now() + interval '1 day'
    where id in ${admin([blocker.profileId, blocked.profileId, plain.profileId, swimmer.profileId])}`;
  await admin`insert into public.blocks (blocker_id, blocked_id) values (${blocker.profileId}, ${blocked.profileId})`;
});
afterAll(async () => {
  await dropAthletes(admin, [blocker, blocked, plain, swimmer]);
  await admin.end();
  await pool().end();
});

const ids = ({ listings: [, athletes] }: Awaited<ReturnType<typeof browseListings>>) =>
  athletes.items.map((a) => a.id);
const shared = () => cache.keys.length;

describe("browse lists: one shared copy for visitors, every athlete read as themselves", () => {
  it("a visitor gets the shared copy, keyed by filters and page only, expired by team and profile writes", async () => {
    const before = shared();
    const lists = await browseListings(null, parseFilters({ ap: "1", mine: "1" }));
    expect(lists.me).toBeNull();
    expect(shared()).toBe(before + 1);
    expect(cache.keys.at(-1)).toEqual([
      "browse-listings",
      expect.stringContaining('"mine":false'),
      expect.stringMatching(/^\d+$/), // the 5 s bucket
    ]);
    expect(cache.tags.at(-1)).toEqual(["public-teams", "public-profiles"]);
    expect(ids(lists)).toEqual(
      expect.arrayContaining([blocker.profileId, blocked.profileId, plain.profileId]),
    );
  });

  it("a signed-in athlete, even with no block, is read as themselves, never from the shared copy", async () => {
    const before = shared();
    const lists = await browseListings(plain.claims, parseFilters({}));
    expect(shared()).toBe(before);
    expect(lists.me?.id).toBe(plain.profileId);
    expect(ids(lists)).toContain(plain.profileId);
  });

  it("a block either way reads as the viewer: the blocked athlete is not listed, nothing shared", async () => {
    const before = shared();
    const forBlocker = await browseListings(blocker.claims, parseFilters({}));
    const forBlocked = await browseListings(blocked.claims, parseFilters({}));
    expect(shared()).toBe(before);
    expect(ids(forBlocker)).not.toContain(blocked.profileId);
    expect(ids(forBlocked)).not.toContain(blocker.profileId);
    expect(ids(forBlocker)).toContain(plain.profileId);
  });

  it('"needs my specialty" has a shared copy per leg, listing what an athlete of that leg with no block reads as themselves', async () => {
    const before = shared();
    const mine = parseFilters({ mine: "1" });
    const copy = await sharedListings(mine, "runner");
    expect(shared()).toBe(before + 1);
    expect(cache.keys.at(-1)).toEqual([
      "browse-listings",
      expect.stringContaining('"mine":true'),
      "runner",
      expect.stringMatching(/^\d+$/),
    ]);
    // Pia is a runner with no block either way: her own read is the copy's.
    const own = await browseListings(plain.claims, mine);
    expect(copy.map((l) => l.items.map((i) => i.id))).toEqual(
      own.listings.map((l) => l.items.map((i) => i.id)),
    );
    expect(copy.map((l) => l.total)).toEqual(own.listings.map((l) => l.total));
    expect(copy[1].items.length).toBeGreaterThan(0);
    expect(copy[1].items.every((a) => a.specialty !== "runner")).toBe(true);
    // No leg to filter by (a visitor, an account with no profile): the unfiltered copy.
    await sharedListings(mine, null);
    expect(cache.keys.at(-1)).toEqual([
      "browse-listings",
      expect.stringContaining('"mine":false'),
      expect.any(String),
    ]);
  });

  it('"needs my specialty" read for one athlete (blocks, or the proxy could not ask) is read as them', async () => {
    const before = shared();
    // Every test athlete is a runner (test/fixtures/athletes.ts): read with their own profile.
    const {
      listings: [, athletes],
    } = await browseListings(plain.claims, parseFilters({ mine: "1" }));
    expect(shared()).toBe(before);
    expect(athletes.items.length).toBeGreaterThan(0);
    expect(athletes.items.every((a) => a.specialty !== "runner")).toBe(true);
  });
});

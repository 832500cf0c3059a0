import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls } from "@/lib/db";
import type { ProfileInput } from "@/lib/validation/profile";
import { insertProfile, isUsernameTaken, updateProfile } from "./profile-writes";
import { findProfileByAuthId, findPublicProfile, listPublicProfileEntries } from "./profiles";
import { adminSql, claimsOf, dropAccounts, makeAthlete } from "@/test/fixtures/athletes";

// Runs inside `supabase-local --test` (npm run test:integration), which provides both URLs.
const admin = adminSql();

const run = randomUUID().slice(0, 8);
const users = { owner: randomUUID(), other: randomUUID(), racer: randomUUID(), spare: randomUUID() };

const input = (patch: Partial<ProfileInput> = {}): ProfileInput => ({
  username: `owner_${run}`,
  full_name: "Owner Athlete",
  location: "Noosaville",
  specialty: "runner",
  experience_level: "intermediate",
  training_preference: "",
  goals: "Run a sub-45 10 km leg",
  bio: "",
  target_times: { run: "44:00" },
  availability: { days: ["monday"], times: ["evening"] },
  achievements: ["Parkrun PB"],
  is_public: false,
  looking_for_team: true,
  ...patch,
});

/** Postgres error code of a rejected promise. */
async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

let ownerProfileId = "";
let publicProfileId = "";

beforeAll(async () => {
  for (const id of Object.values(users)) {
    await makeAthlete(admin, { authId: id, profile: false });
  }
  // Owner: a private profile. Other: a public one.
  ownerProfileId = (await withRls(claimsOf(users.owner), (tx) => insertProfile(tx, users.owner, input())))!
    .id;
  publicProfileId = (await withRls(claimsOf(users.other), (tx) =>
    insertProfile(tx, users.other, input({ username: `other_${run}`, is_public: true })),
  ))!.id;
});

afterAll(async () => {
  await dropAccounts(admin, Object.values(users));
  await admin.end();
  await pool().end();
});

describe("profiles RLS", () => {
  it("anon reads public profiles only, and never the e-mail", async () => {
    expect(await withRls(null, (tx) => findPublicProfile(tx, publicProfileId))).toMatchObject({
      id: publicProfileId,
    });
    expect(await withRls(null, (tx) => findPublicProfile(tx, ownerProfileId))).toBeNull();
    const rows = await withRls(null, (tx) => tx`select id from public.profiles where id = ${ownerProfileId}`);
    expect(rows).toHaveLength(0);
    expect(await codeOf(withRls(null, (tx) => tx`select email from public.profiles`))).toBe("42501");
    const entries = await withRls(null, (tx) => listPublicProfileEntries(tx));
    expect(entries.map((e) => e.id)).toContain(publicProfileId);
    expect(entries.map((e) => e.id)).not.toContain(ownerProfileId);
  });

  it("anon cannot insert, update or delete", async () => {
    expect(
      await codeOf(withRls(null, (tx) => insertProfile(tx, users.spare, input({ username: `anon_${run}` })))),
    ).toBe("42501");
    expect(
      await codeOf(
        withRls(null, (tx) => updateProfile(tx, publicProfileId, input({ username: `x_${run}` }))),
      ),
    ).toBe("42501");
    expect(
      await codeOf(withRls(null, (tx) => tx`delete from public.profiles where id = ${publicProfileId}`)),
    ).toBe("42501");
  });

  it("the owner reads, updates but cannot delete their own private profile", async () => {
    const own = await withRls(claimsOf(users.owner), (tx) => findProfileByAuthId(tx, users.owner));
    expect(own).toMatchObject({ id: ownerProfileId, is_public: false, location: { coordinates: [0, 0] } });

    const updated = await withRls(claimsOf(users.owner), (tx) =>
      updateProfile(tx, ownerProfileId, input({ full_name: "Owner Renamed", location: "Tewantin" })),
    );
    expect(updated).toEqual({ id: ownerProfileId });
    const [row] = await admin`select full_name, location, email, updated_at > created_at as touched
      from public.profiles where id = ${ownerProfileId}`;
    expect(row).toMatchObject({
      full_name: "Owner Renamed",
      email: `${users.owner}@example.test`,
      touched: true,
    });
    expect(row!.location).toEqual({ display_name: "Tewantin", coordinates: [0, 0] });

    const del = withRls(
      claimsOf(users.owner),
      (tx) => tx`delete from public.profiles where id = ${ownerProfileId}`,
    );
    expect(await codeOf(del)).toBe("42501");
  });

  it("keeps existing coordinates on update", async () => {
    await admin`update public.profiles set location = '{"display_name":"Noosa","coordinates":[153.09,-26.4]}'
      where id = ${ownerProfileId}`;
    await withRls(claimsOf(users.owner), (tx) =>
      updateProfile(tx, ownerProfileId, input({ location: "Sunshine Beach" })),
    );
    const [row] = await admin`select location from public.profiles where id = ${ownerProfileId}`;
    expect(row!.location).toEqual({ display_name: "Sunshine Beach", coordinates: [153.09, -26.4] });
  });

  it("the owner cannot move a profile to another account or create one for someone else", async () => {
    const move = withRls(
      claimsOf(users.owner),
      (tx) => tx`update public.profiles set auth_id = ${users.spare} where id = ${ownerProfileId}`,
    );
    expect(await codeOf(move)).toBe("42501");
    const forged = withRls(claimsOf(users.owner), (tx) =>
      insertProfile(tx, users.spare, input({ username: `f_${run}` })),
    );
    expect(await codeOf(forged)).toBe("42501");
    const setEmail = withRls(
      claimsOf(users.owner),
      (tx) => tx`update public.profiles set email = 'x@evil.test' where id = ${ownerProfileId}`,
    );
    expect(await codeOf(setEmail)).toBe("42501");
  });

  it("another user sees the public profile but neither sees nor changes the private one", async () => {
    const asOther = claimsOf(users.other);
    expect(await withRls(asOther, (tx) => findProfileByAuthId(tx, users.owner))).toBeNull();
    expect(await withRls(asOther, (tx) => findPublicProfile(tx, publicProfileId))).not.toBeNull();
    expect(
      await withRls(asOther, (tx) => updateProfile(tx, ownerProfileId, input({ username: `hijack_${run}` }))),
    ).toBeNull();
    const deleted = await codeOf(
      withRls(asOther, (tx) => tx`delete from public.profiles where id = ${ownerProfileId}`),
    );
    expect(deleted).toBe("42501");
    const [row] = await admin`select username from public.profiles where id = ${ownerProfileId}`;
    expect(row!.username).toBe(`owner_${run}`);
  });

  it("another user cannot update a public profile either", async () => {
    const asOwner = claimsOf(users.owner);
    expect(
      await withRls(asOwner, (tx) => updateProfile(tx, publicProfileId, input({ username: `steal_${run}` }))),
    ).toBeNull();
  });
});

describe("profiles constraints", () => {
  it("makes one profile from concurrent creates for one account", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        withRls(claimsOf(users.racer), (tx) =>
          insertProfile(tx, users.racer, input({ username: `racer_${run}`, bio: `${i}` })),
        ),
      ),
    );
    expect(attempts.filter(Boolean)).toHaveLength(1);
    const [row] =
      await admin`select count(*)::int as count from public.profiles where auth_id = ${users.racer}`;
    expect(row?.count).toBe(1);
  });

  it("usernames are unique regardless of case", async () => {
    const taken = withRls(claimsOf(users.spare), (tx) =>
      insertProfile(tx, users.spare, input({ username: `OWNER_${run}`.toUpperCase() })),
    );
    const error = await taken.catch((e: unknown) => e);
    expect(isUsernameTaken(error)).toBe(true);
  });

  const bad: [string, string][] = [
    ["username too short", `username = 'ab'`],
    ["username too long", `username = repeat('a', 51)`],
    ["username untrimmed", `username = ' padded '`],
    ["full name too short", `full_name = 'A'`],
    ["full name too long", `full_name = repeat('a', 101)`],
    ["goals too short", `goals = 'too short'`],
    ["goals too long", `goals = repeat('g', 501)`],
    ["bio too long", `bio = repeat('b', 1001)`],
    ["empty bio", `bio = ''`],
    ["training preference too long", `training_preference = repeat('t', 101)`],
    ["unknown specialty", `specialty = 'triathlete'`],
    ["unknown level", `experience_level = 'pro'`],
    ["location name too short", `location = '{"display_name":"N","coordinates":[0,0]}'`],
    ["location extra key", `location = '{"display_name":"Noosa","coordinates":[0,0],"x":1}'`],
    ["location bad coordinates", `location = '{"display_name":"Noosa","coordinates":[200,0]}'`],
    ["location coordinates as text", `location = '{"display_name":"Noosa","coordinates":["0","0"]}'`],
    ["target time for a fourth leg", `target_times = '{"transition":"1:00"}'`],
    ["target time too long", `target_times = '{"swim":"${"9".repeat(21)}"}'`],
    ["target time as number", `target_times = '{"swim":20}'`],
    ["unknown day", `availability = '{"days":["funday"],"times":[]}'`],
    ["duplicate day", `availability = '{"days":["monday","monday"],"times":[]}'`],
    ["availability extra key", `availability = '{"days":[],"times":[],"x":[]}'`],
    ["eleven achievements", `achievements = array_fill('win'::text, array[11])`],
    ["achievement too long", `achievements = array[repeat('a', 151)]`],
    ["empty achievement", `achievements = array['']`],
    ["avatar not https", `avatar_url = 'javascript:alert(1)'`],
  ];

  it.each(bad)("rejects %s even when bypassing the form", async (_name, assignment) => {
    // As superuser: RLS and grants out of the way, only the CHECK constraints stand.
    const code = await codeOf(
      admin.unsafe(`update public.profiles set ${assignment} where id = '${ownerProfileId}'`),
    );
    expect(code).toBe("23514");
  });

  it("accepts emoji, RTL and markup as text at the limits", async () => {
    await admin`update public.profiles set username = ${`Max.${"x".repeat(42)}_-${run.slice(0, 2)}`},
      full_name = ${"🏊".repeat(100)}, bio = ${"مريم <script>x</script>\nRun 🏃‍♀️"},
      goals = ${"'; drop table profiles; --"} where id = ${ownerProfileId}`;
    const [row] = await admin`select full_name, bio, goals from public.profiles where id = ${ownerProfileId}`;
    expect(row).toEqual({
      full_name: "🏊".repeat(100),
      bio: "مريم <script>x</script>\nRun 🏃‍♀️",
      goals: "'; drop table profiles; --",
    });
    await admin`update public.profiles set username = ${`owner_${run}`} where id = ${ownerProfileId}`;
  });
});

describe("profiles safe text, written directly in SQL as the signed-in owner", () => {
  // The same inputs the form refuses (lib/validation/profile.test.ts), sent past it: the CHECKs refuse them.
  const unsafe: [string, string, unknown][] = [
    ["BEL in goals", "goals", "Swim under 25\u0007 minutes"],
    ["ESC in goals", "goals", "Swim under 25\u001b[31m minutes"],
    ["DEL in bio", "bio", "Ocean\u007f swimmer"],
    ["BEL in bio", "bio", "Ocean\u0007 swimmer"],
    ["a right-to-left override in goals", "goals", "Swim under 25 \u202eminutes"],
    ["a right-to-left override in the username", "username", `owner\u202e${run}`],
    ["a zero-width space after a username", "username", `owner_${run}\u200b`],
    ["a space in the username", "username", `owner ${run}`],
    ["a Cyrillic look-alike in the username", "username", `\u043ewner_${run}`],
    ["a newline in the full name", "full_name", "Owner\nAthlete"],
    ["a zero-width joiner in the full name", "full_name", "Owner\u200dAthlete"],
    ["a decomposed (non-NFC) full name", "full_name", "Zoe\u0308 Athlete"],
    ["a tab in the training preference", "training_preference", "Dawn\truns"],
  ];

  it.each(unsafe)("refuses %s", async (_name, column, value) => {
    const code = await codeOf(
      withRls(
        claimsOf(users.owner),
        (tx) =>
          tx`update public.profiles set ${tx(column)} = ${value as string} where id = ${ownerProfileId}`,
      ),
    );
    expect(code).toBe("23514");
  });

  it.each([
    ["the location name", `location = jsonb_set(location, '{display_name}', to_jsonb($1::text))`],
    ["a target time", `target_times = jsonb_build_object('swim', $1::text)`],
    ["an achievement", `achievements = array[$1::text]`],
  ])("refuses hidden or control characters in %s", async (_name, assignment) => {
    for (const value of ["Noosa\u0007", "Noosa\u202eHeads", "Noosa\u200b"]) {
      const code = await codeOf(
        withRls(claimsOf(users.owner), (tx) =>
          tx.unsafe(`update public.profiles set ${assignment} where id = $2`, [value, ownerProfileId]),
        ),
      );
      expect(code, value).toBe("23514");
    }
  });

  it("refuses a new profile named like an existing one plus a zero-width space", async () => {
    const [mia] = await admin`select username from public.profiles where username = 'mia_swims'`;
    expect(mia).toBeDefined();
    const code = await codeOf(
      withRls(claimsOf(users.spare), (tx) =>
        insertProfile(tx, users.spare, input({ username: "mia_swims\u200b" })),
      ),
    );
    expect(code).toBe("23514");
  });

  it("keeps newlines and emoji sequences in goals and bio", async () => {
    const bio = "Ocean swimmer.\nRelay runner 🏃‍♀️";
    await withRls(
      claimsOf(users.owner),
      (tx) => tx`update public.profiles set bio = ${bio}, goals = ${"Two lines\nof goals"}
        where id = ${ownerProfileId}`,
    );
    const [row] = await admin`select bio, goals from public.profiles where id = ${ownerProfileId}`;
    expect(row).toEqual({ bio, goals: "Two lines\nof goals" });
  });
});

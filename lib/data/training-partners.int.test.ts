import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import type { ProfileInput } from "@/lib/validation/profile";
import { updateProfile } from "./profile-writes";
import { findProfileByAuthId } from "./profiles";
import { exportMyData } from "./my-data";
import { listTrainingPartners, type PartnerFilters } from "./training-partners";
import { listAthletes } from "./browse";
import { parseFilters } from "@/lib/browse/filters";
import {
  addMember,
  adminSql,
  dropAthletes,
  makeAthlete,
  makeTeam,
  type Athlete,
} from "@/test/fixtures/athletes";

// Open to training partners: a flag of its own beside looking_for_team, and the listing Browse's
// "Training partners" and the "Train with others" page read (public profiles only, blocks either way).
const admin = adminSql();
const run = randomUUID().slice(0, 8);
const place = `Peregian Beach ${run}`;

const who = [
  "open",
  "openPrivate",
  "openHidden",
  "notOpen",
  "member",
  "blocker",
  "viewer",
  "creator",
] as const;
type Who = (typeof who)[number];
const a = {} as Record<Who, Athlete>;

beforeAll(async () => {
  for (const name of who) {
    a[name] = await makeAthlete(admin, {
      name: `Partner ${name} ${run}`,
      place: name === "member" ? `Noosaville ${run}` : place,
      isPublic: name !== "openPrivate",
      lookingForTeam: name === "notOpen",
      specialty: name === "member" ? "swimmer" : "runner",
      avatar: false,
    });
  }
  await admin`update public.profiles set open_to_training = true
    where id in ${admin([a.open, a.openPrivate, a.openHidden, a.member, a.blocker].map((x) => x.profileId))}`;
  // A moderator's hide: recorded and the profile made private.
  await admin`insert into private.hidden_profiles (profile_id) values (${a.openHidden.profileId})`;
  await admin`update public.profiles set is_public = false where id = ${a.openHidden.profileId}`;
  const team = await makeTeam(admin, a.creator, {
    name: `Partners ${run}`,
    roles: ["swimmer"],
    creatorRole: "cyclist",
  });
  await addMember(admin, team, a.member, "swimmer", "active");
  await withRls(a.blocker.claims, (tx) => tx`select public.block_athlete(${a.viewer.profileId})`);
});

afterAll(async () => {
  await dropAthletes(admin, Object.values(a));
  await admin.end();
  await pool().end();
});

const mine = (items: { id: string }[]) =>
  Object.entries(a)
    .filter(([, x]) => items.some((i) => i.id === x.profileId))
    .map(([name]) => name)
    .sort();
const partners = async (claims: Claims | null, f: Partial<PartnerFilters> = {}) =>
  mine(
    (await withRls(claims, (tx) => listTrainingPartners(tx, { page: 1, ...f }, { signedIn: !!claims }, 500)))
      .items,
  );

describe("open to training", () => {
  it("starts off, is set by Edit Profile apart from looking for a team, and is in the data export", async () => {
    const me = a.viewer;
    const before = await withRls(me.claims, (tx) => findProfileByAuthId(tx, me.authId));
    expect(before!.open_to_training).toBe(false);
    const input: ProfileInput = {
      username: `u_${me.authId.slice(0, 12)}`,
      full_name: me.name,
      location: place,
      specialty: "runner",
      experience_level: "beginner",
      training_preference: "",
      goals: "Finish the relay run leg",
      bio: "",
      target_times: {},
      availability: { days: [], times: [] },
      achievements: [],
      is_public: true,
      looking_for_team: false,
      open_to_training: true,
    };
    await withRls(me.claims, (tx) => updateProfile(tx, before!.id, input));
    const after = await withRls(me.claims, (tx) => findProfileByAuthId(tx, me.authId));
    expect(after).toMatchObject({ open_to_training: true, looking_for_team: false });
    // A form without the box leaves the answer as it was.
    const { open_to_training: _, ...older } = input;
    await withRls(me.claims, (tx) => updateProfile(tx, before!.id, older));
    expect((await withRls(me.claims, (tx) => findProfileByAuthId(tx, me.authId)))!.open_to_training).toBe(
      true,
    );
    const exported = await withRls(me.claims, (tx) => exportMyData(tx, me.claims));
    expect(exported.profile).toMatchObject({ open_to_training: true });
    await admin`update public.profiles set open_to_training = false where id = ${me.profileId}`;
  });

  it("lists public athletes open to training, team members too, never private or hidden ones", async () => {
    expect(await partners(null)).toEqual(["blocker", "member", "open"]);
    // The team listing's meaning is unchanged: only looking-for-team athletes.
    const looking = await withRls(null, (tx) => listAthletes(tx, parseFilters({ ap: "1" })));
    expect(looking.items.some((i) => i.id === a.open.profileId)).toBe(false);
  });

  it("filters by leg and by place", async () => {
    expect(await partners(null, { role: "swimmer" })).toEqual(["member"]);
    expect(await partners(null, { role: "runner" })).toEqual(["blocker", "open"]);
    expect(await partners(null, { place: "noosaville" })).toEqual(["member"]);
    expect(await partners(null, { place: "peregian_beach", role: "swimmer" })).toEqual([]);
  });

  it("leaves out, for a signed-in reader, those with whom there is a block either way", async () => {
    expect(await partners(a.viewer.claims)).toEqual(["member", "open"]);
    expect(await partners(a.blocker.claims)).toEqual(["blocker", "member", "open"]);
    expect(await partners(a.open.claims)).toEqual(["blocker", "member", "open"]);
  });

  it("stays on when the athlete joins a team (looking for a team is what joining turns off)", async () => {
    const [row] = await admin<{ open_to_training: boolean }[]>`
      select open_to_training from public.profiles where id = ${a.member.profileId}`;
    expect(row!.open_to_training).toBe(true);
  });
});

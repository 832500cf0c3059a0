import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Claims } from "@/lib/db";
import { pool } from "@/lib/db";
import type { ProfileInput } from "@/lib/validation/profile";
import { adminSql, claimsOf, dropAccounts, makeAthlete } from "@/test/fixtures/athletes";

// The actions read the session through getClaims (cookies) and revalidate Next's cache; outside a
// request both are stood in for, everything below them (zod, SQL, RLS) is real.
const session = vi.hoisted(() => ({ claims: null as Claims | null }));
vi.mock("@/lib/auth/session", () => ({ getClaims: async () => session.claims }));
const cache = vi.hoisted(() => ({ revalidateTag: vi.fn(), revalidatePath: vi.fn() }));
vi.mock("next/cache", () => ({ ...cache, unstable_cache: (fn: () => unknown) => fn }));

const { createProfileAction } = await import("@/app/(public)/create-profile/actions");
const { updateProfileAction } = await import("./actions");

const admin = adminSql({ max: 1 });
const run = randomUUID().slice(0, 8);
const alice = randomUUID();
const bob = randomUUID();
const as = (id: string) => (session.claims = claimsOf(id));

const input = (patch: Partial<ProfileInput> = {}): ProfileInput => ({
  username: `alice_${run}`,
  full_name: "Alice Action",
  location: "Noosa Heads",
  specialty: "swimmer",
  experience_level: "elite",
  training_preference: "",
  goals: "Lead out the swim leg",
  bio: "",
  target_times: {},
  availability: { days: [], times: [] },
  achievements: [],
  is_public: true,
  looking_for_team: true,
  ...patch,
});

const countOf = async (authId: string) =>
  (await admin`select count(*)::int as n from public.profiles where auth_id = ${authId}`)[0]?.n;

beforeAll(async () => {
  for (const id of [alice, bob]) await makeAthlete(admin, { authId: id, profile: false });
});
beforeEach(() => {
  session.claims = null;
  cache.revalidateTag.mockClear();
});
afterAll(async () => {
  await dropAccounts(admin, [alice, bob]);
  await admin.end();
  await pool().end();
});

describe("createProfileAction action", () => {
  it("refuses a visitor and stores nothing", async () => {
    expect(await createProfileAction(input())).toEqual({
      ok: false,
      error: "Not authenticated",
      code: "UNAUTHENTICATED",
    });
    expect(await countOf(alice)).toBe(0);
  });

  it("refuses bad input with field messages and stores nothing", async () => {
    as(alice);
    const result = await createProfileAction({ ...input(), username: "ab", goals: "short", auth_id: bob });
    expect(result).toMatchObject({
      ok: false,
      error: "Failed to create profile. Please try again.",
      fieldErrors: {
        username: "Username must be at least 3 characters",
        goals: "Please provide some details about your goals",
        form: "Unknown field: auth_id",
      },
    });
    expect(await countOf(alice)).toBe(0);
    expect(await countOf(bob)).toBe(0);
  });

  it("creates once; a second identical request reports the existing profile", async () => {
    as(alice);
    const first = await createProfileAction(input());
    expect(first).toMatchObject({ ok: true });
    expect(cache.revalidateTag).toHaveBeenCalledWith(
      `profile:${(first as { profileId: string }).profileId}`,
      {
        expire: 0,
      },
    );
    const second = await createProfileAction(input());
    expect(second).toEqual({
      ok: true,
      existed: true,
      profileId: (first as { profileId: string }).profileId,
    });
    expect(await countOf(alice)).toBe(1);
    const [row] = await admin`select email from public.profiles where auth_id = ${alice}`;
    expect(row?.email).toBe(`${alice}@example.test`);
  });

  it("reports a username taken in another letter case at the field", async () => {
    as(bob);
    const result = await createProfileAction(input({ username: `ALICE_${run}`.toUpperCase() }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { username: "That username is already taken" } });
    expect(await countOf(bob)).toBe(0);
  });
});

describe("updateProfileAction action", () => {
  const aliceProfileId = async () =>
    (await admin`select id from public.profiles where auth_id = ${alice}`)[0]?.id as string;

  it("lets the owner update and keeps what the form does not send", async () => {
    as(alice);
    const id = await aliceProfileId();
    expect(await updateProfileAction(id, input({ full_name: "Alice Updated" }))).toEqual({
      ok: true,
      profileId: id,
    });
    const [row] = await admin`select full_name, location from public.profiles where id = ${id}`;
    expect(row).toMatchObject({ full_name: "Alice Updated", location: { coordinates: [0, 0] } });
  });

  it("refuses someone else's profile with the product's message and changes nothing", async () => {
    await admin`insert into public.profiles (auth_id, username, full_name, location, specialty, experience_level, goals)
      values (${bob}, ${`bob_${run}`}, 'Bob Other', '{"display_name":"Cooroy","coordinates":[0,0]}', 'runner', 'beginner',
              'Run my first relay leg')`;
    as(bob);
    const result = await updateProfileAction(await aliceProfileId(), input({ full_name: "Hijacked" }));
    expect(result).toEqual({ ok: false, error: "Forbidden: You can only update your own profile." });
    const [row] = await admin`select full_name from public.profiles where auth_id = ${alice}`;
    expect(row?.full_name).toBe("Alice Updated");
  });

  it("refuses a visitor, a malformed id and bad input", async () => {
    const id = await aliceProfileId();
    expect(await updateProfileAction(id, input())).toEqual({
      ok: false,
      error: "Not authenticated",
      code: "UNAUTHENTICATED",
    });
    as(alice);
    expect(await updateProfileAction("1 or 1=1", input())).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Forbidden/),
    });
    expect(await updateProfileAction(id, { ...input(), specialty: "triathlete" })).toMatchObject({
      ok: false,
      fieldErrors: { specialty: "Please choose your specialty" },
    });
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import type { ProfileInput } from "@/lib/validation/profile";
import { adminSql, claimsOf, dropAccounts, makeAthlete } from "@/test/fixtures/athletes";
import { signUnsubscribeToken } from "./unsubscribe-token";

// Notification settings: the create-profile opt-in, the settings form action, RLS (owner only) and signed
// unsubscribe links. The session (cookies) and Next's cache are stood in for; zod, SQL and RLS are real.
const session = vi.hoisted(() => ({ claims: null as Claims | null }));
vi.mock("@/lib/auth/session", () => ({ getClaims: async () => session.claims }));
vi.mock("next/cache", () => ({
  revalidateTag: vi.fn(),
  revalidatePath: vi.fn(),
  unstable_cache: (fn: () => unknown) => fn,
}));

const { createProfileAction } = await import("@/app/(public)/create-profile/actions");
const { saveNotificationSettingsAction } = await import("@/lib/actions/notification-settings");
const { unsubscribeByToken, unsubscribeState } = await import("./unsubscribe");

const admin = adminSql({ max: 1 });
const run = randomUUID().slice(0, 8);
const alice = randomUUID();
const bob = randomUUID();
const profileOf = async (id: string) =>
  (await admin`select id from public.profiles where auth_id = ${id}`)[0]!.id as string;
const settingsOf = async (profile: string) =>
  admin`select join_requests, decisions, messages, urgent_alerts from public.notification_settings
        where profile_id = ${profile}`;

const input = (name: string, patch: Partial<ProfileInput> = {}): ProfileInput => ({
  username: `${name}_${run}`,
  full_name: `${name} Settings`,
  location: "Noosa Heads",
  specialty: "runner",
  experience_level: "advanced",
  training_preference: "",
  goals: "Run the 10 km leg fast",
  bio: "",
  target_times: {},
  availability: { days: [], times: [] },
  achievements: [],
  is_public: true,
  looking_for_team: true,
  ...patch,
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

beforeAll(async () => {
  for (const id of [alice, bob])
    await makeAthlete(admin, { authId: id, profile: false, emailConfirmed: true });
});

afterAll(async () => {
  await dropAccounts(admin, [alice, bob]);
  await admin.end();
  await pool().end();
});

describe("create-profile opt-in", () => {
  it("ticked: urgent alerts on, the rest at their defaults; unticked: no row (defaults)", async () => {
    session.claims = claimsOf(alice);
    expect(await createProfileAction({ ...input("alice"), urgent_alerts: true })).toMatchObject({ ok: true });
    expect(await settingsOf(await profileOf(alice))).toEqual([
      { join_requests: true, decisions: true, messages: true, urgent_alerts: true },
    ]);
    session.claims = claimsOf(bob);
    expect(await createProfileAction(input("bob"))).toMatchObject({ ok: true });
    expect(await settingsOf(await profileOf(bob))).toEqual([]);
  });
});

describe("the settings form action", () => {
  it("saves the four switches (an unticked box is off); saving again keeps one row", async () => {
    session.claims = claimsOf(bob);
    const fields = { join_requests: "on", decisions: "on", urgent_alerts: "on" };
    expect(await saveNotificationSettingsAction(null, form(fields))).toMatchObject({ ok: true });
    expect(await saveNotificationSettingsAction(null, form(fields))).toMatchObject({ ok: true });
    expect(await settingsOf(await profileOf(bob))).toEqual([
      { join_requests: true, decisions: true, messages: false, urgent_alerts: true },
    ]);
  });

  it("refuses a stranger's fields or a visitor, and writes nothing", async () => {
    session.claims = claimsOf(bob);
    const before = await settingsOf(await profileOf(bob));
    expect(
      await saveNotificationSettingsAction(null, form({ messages: "on", profile_id: alice })),
    ).toMatchObject({
      ok: false,
      error: "Could not save your e-mail settings. Please try again.",
    });
    session.claims = null;
    expect(await saveNotificationSettingsAction(null, form({ messages: "on" }))).toMatchObject({ ok: false });
    expect(await settingsOf(await profileOf(bob))).toEqual(before);
  });

  it("RLS: nobody reads or writes another athlete's settings", async () => {
    const aliceProfile = await profileOf(alice);
    const seen = await withRls(
      claimsOf(bob),
      (tx) => tx`select * from public.notification_settings where profile_id = ${aliceProfile}`,
    );
    expect(seen).toHaveLength(0);
    await expect(
      withRls(
        claimsOf(bob),
        (tx) =>
          tx`insert into public.notification_settings (profile_id, messages) values (${aliceProfile}, false)`,
      ),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^(42501|23505)$/) });
    const updated = await withRls(
      claimsOf(bob),
      (tx) =>
        tx`update public.notification_settings set messages = false where profile_id = ${aliceProfile} returning 1`,
    );
    expect(updated).toHaveLength(0);
    await expect(withRls(null, (tx) => tx`select * from public.notification_settings`)).rejects.toMatchObject(
      {
        code: "42501",
      },
    );
    expect(await settingsOf(aliceProfile)).toMatchObject([{ messages: true }]);
  });
});

describe("unsubscribe links", () => {
  it("a genuine link turns off its kind only; a forged one changes nothing", async () => {
    const aliceProfile = await profileOf(alice);
    const token = signUnsubscribeToken(aliceProfile, "message");
    expect(await unsubscribeState(token)).toEqual({ state: "subscribed", kind: "message" });
    const forged = token.replace(aliceProfile, await profileOf(bob));
    expect(await unsubscribeState(forged)).toEqual({ state: "invalid" });
    expect(await unsubscribeByToken(forged)).toBeNull();
    expect(await unsubscribeByToken("v1.garbage")).toBeNull();
    expect(await settingsOf(aliceProfile)).toMatchObject([{ messages: true }]);

    expect(await unsubscribeByToken(token)).toBe("message");
    expect(await unsubscribeByToken(token)).toBe("message"); // twice: still off, nothing else moves
    expect(await settingsOf(aliceProfile)).toEqual([
      { join_requests: true, decisions: true, messages: false, urgent_alerts: true },
    ]);
    expect(await unsubscribeState(token)).toEqual({ state: "unsubscribed", kind: "message" });
    // Urgent alerts are off by default: a link for them shows "unsubscribed" for an athlete with no row.
    const bobUrgent = signUnsubscribeToken(await profileOf(bob), "urgent_alert");
    await admin`delete from public.notification_settings where profile_id = ${await profileOf(bob)}`;
    expect(await unsubscribeState(bobUrgent)).toEqual({ state: "unsubscribed", kind: "urgent_alert" });
  });
});

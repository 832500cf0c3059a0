import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { insertProfile, updateProfile } from "@/lib/data/profile-writes";
import { findProfileByAuthId } from "@/lib/data/profiles";
import { sessionIsLive, withRls, type Claims } from "@/lib/db";
import type { ProfileInput } from "@/lib/validation/profile";
import { createConfirmedUser, plainClient } from "@noosa-tri/supabase-local/test-support";

// docs/security.md#sessions: after sign-out the access token still verifies offline for up to an hour; a write
// made with it must be refused. Runs inside `supabase-local --test` (npm run test:integration).

const input = (username: string): ProfileInput => ({
  username,
  full_name: "Session Tester",
  location: "Noosa Heads",
  specialty: "swimmer",
  experience_level: "beginner",
  training_preference: "",
  goals: "Swim the 1.5 km leg without stopping",
  bio: "",
  target_times: {},
  availability: { days: [], times: [] },
  achievements: [],
  is_public: false,
  looking_for_team: false,
});

/** Signs in and returns the client plus the claims the app would get from getClaims(). */
async function signIn(user: { email: string; password: string }) {
  const client = plainClient();
  const { error } = await client.auth.signInWithPassword(user);
  if (error) throw error;
  const { data } = await client.auth.getClaims();
  return { client, claims: data!.claims as Claims };
}

const whoAmI = (claims: Claims | null) =>
  withRls(claims, (tx) =>
    tx<{ role: string; uid: string | null }[]>`
    select current_user as role, auth.uid()::text as uid`.then((rows) => rows[0]!),
  );

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("withRls and ended sessions", () => {
  it("refuses writes and private reads once the session signed out", async () => {
    const user = await createConfirmedUser();
    const { client, claims } = await signIn(user);
    expect(claims.session_id).toBeTruthy();
    const profile = await withRls(claims, (tx) =>
      insertProfile(tx, user.id, input(`live_${randomUUID().slice(0, 8)}`)),
    );
    expect(profile?.id).toBeTruthy();
    expect(await whoAmI(claims)).toEqual({ role: "authenticated", uid: user.id });

    await client.auth.signOut({ scope: "local" });

    expect(await whoAmI(claims)).toEqual({ role: "anon", uid: null });
    // As a visitor: no write grant, and a private profile is not visible.
    const refused = { code: "42501" };
    await expect(
      withRls(claims, (tx) => updateProfile(tx, profile!.id, input(`gone_${randomUUID().slice(0, 8)}`))),
    ).rejects.toMatchObject(refused);
    expect(await withRls(claims, (tx) => findProfileByAuthId(tx, user.id))).toBeNull();
    await expect(
      withRls(claims, (tx) => insertProfile(tx, user.id, input(`again_${randomUUID().slice(0, 8)}`))),
    ).rejects.toMatchObject(refused);
  });

  it("refuses every session of the account after a global sign-out elsewhere", async () => {
    const user = await createConfirmedUser();
    const laptop = await signIn(user);
    const phone = await signIn(user);
    expect(await whoAmI(laptop.claims)).toEqual({ role: "authenticated", uid: user.id });

    expect(await sessionIsLive(laptop.claims)).toBe(true);

    await phone.client.auth.signOut({ scope: "global" });
    expect(await whoAmI(laptop.claims)).toEqual({ role: "anon", uid: null });
    expect(await whoAmI(phone.claims)).toEqual({ role: "anon", uid: null });
    // What signed-in pages and the data download ask first (lib/auth/session.ts).
    expect(await sessionIsLive(laptop.claims)).toBe(false);
    expect(await sessionIsLive({ ...laptop.claims, session_id: "not-a-uuid" })).toBe(false);
  });

  it("refuses a made-up session id", async () => {
    const user = await createConfirmedUser();
    const { claims } = await signIn(user);
    expect(await whoAmI({ ...claims, session_id: randomUUID() })).toEqual({ role: "anon", uid: null });
    expect(await whoAmI({ ...claims, session_id: "not-a-uuid" })).toEqual({ role: "anon", uid: null });
  });

  it("outside tests, treats claims without a session id as a visitor", async () => {
    const handMade: Claims = { sub: randomUUID(), role: "authenticated" };
    expect((await whoAmI(handMade)).role).toBe("authenticated"); // Vitest's RLS suites rely on this
    vi.stubEnv("NODE_ENV", "production");
    expect(await whoAmI(handMade)).toEqual({ role: "anon", uid: null });
  });
});
